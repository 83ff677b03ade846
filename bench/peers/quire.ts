// Quire's default retrieval as the eval harness runs it: the BEIR corpus indexed by Quire's
// chunker, offline embedder and indexer into a real local D1, queried with the `hybrid`
// stages (eval/systems.ts); ranked chunks become ranked document ids.
import { parseConfig } from '../../workers/config'
import { createRetriever, type Retriever } from '../../workers/retrieval'
import { openLocalD1, type LocalD1 } from '../../eval/local-d1'
import { indexCorpus } from '../../eval/pipeline'
import { parseSystem } from '../../eval/systems'
import type { Peer } from './types'

export function quirePeer(log: (m: string) => void): Peer {
  let local: LocalD1 | undefined
  let retriever: Retriever | undefined
  let documentIds = new Map<string, string>()
  return {
    name: 'quire (hybrid, default)',
    async build(docs) {
      local = await openLocalD1(`peers-${process.pid}`, { fresh: true })
      const rows = docs.map((d) => ({ _id: d.id, title: d.title, text: d.text }))
      const index = await indexCorpus(local.db, rows, log)
      documentIds = index.documentIds
      retriever = createRetriever({
        config: parseConfig({}),
        db: index.db,
        embedder: index.embedder,
        vectors: index.vectors,
        models: null,
      })
    },
    async search(query, depth) {
      if (!retriever) throw new Error('quire: build() first')
      const result = await retriever.retrieve(query, {
        topK: depth,
        topN: depth,
        stages: parseSystem('hybrid')?.stages,
      })
      const ids = result.chunks.map((c) => documentIds.get(c.sourceId) ?? '')
      return [...new Set(ids)].filter(Boolean)
    },
    async close() {
      await local?.dispose()
    },
  }
}
