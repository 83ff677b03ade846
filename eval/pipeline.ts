// Evaluation steps: index a BEIR corpus through Quire's indexer (chunker, offline embedder,
// D1 + FTS5 + D1 vectors), then run each system's retrieval for every judged query and turn
// the ranked chunks into ranked corpus ids (first chunk of each document counts).
import { parseConfig } from '../workers/config'
import {
  corpusIndexRequest,
  createOfflineEmbedder,
  createRetriever,
  indexMany,
  type CorpusRow,
  type Embedder,
  type IndexCounts,
  type Retriever,
  type VectorStore,
} from '../workers/retrieval'
import type { RetrievalTuning } from '../workers/retrieval/search/state'
import { createD1VectorStore } from '../workers/retrieval/vectors/d1-vectors'
import type { BeirData } from './beir'
import { meanMetrics, type Metrics } from './metrics'
import { inPart, parseSystem } from './systems'

/** Quire's retriever over an indexed corpus, default configuration, no model. */
export function offlineRetriever(
  index: IndexedCorpus,
  tuning?: Partial<RetrievalTuning>,
): Retriever {
  return createRetriever({
    config: parseConfig({}),
    db: index.db,
    embedder: index.embedder,
    vectors: index.vectors,
    models: null,
    ...(tuning ? { tuning } : {}),
  })
}

export const CORPUS_NAME = 'beir'
const INDEX_BATCH = 250
const DEPTH = 100
/** Queries in flight: overlaps the D1 round trips with ranking work on the other core. */
const CONCURRENCY = 4

/** Maps with at most `limit` calls running, results in input order. */
export async function mapConcurrent<T, R>(
  items: T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const at = next++
      out[at] = await fn(items[at] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return out
}

export interface IndexedCorpus {
  db: D1Database
  embedder: Embedder
  vectors: VectorStore
  counts: IndexCounts
  /** Source id -> BEIR document id. */
  documentIds: Map<string, string>
}

export async function indexCorpus(
  db: D1Database,
  corpus: CorpusRow[],
  log: (m: string) => void,
  options: { skipIfIndexed?: boolean; embedder?: Embedder } = {},
): Promise<IndexedCorpus> {
  const embedder = options.embedder ?? createOfflineEmbedder({ dimensions: 384 })
  const vectors = createD1VectorStore({ db, space: embedder.id, dimensions: embedder.dimensions })
  const counts: IndexCounts = { sources: 0, documents: 0, chunks: 0, skipped: 0 }
  const stored = await db.prepare('SELECT count(*) AS n FROM sources').first<{ n: number }>()
  const skip = options.skipIfIndexed && (stored?.n ?? 0) > 0
  for (let i = 0; !skip && i < corpus.length; i += INDEX_BATCH) {
    const requests = corpus
      .slice(i, i + INDEX_BATCH)
      .flatMap((row) => corpusIndexRequest(row, { corpus: CORPUS_NAME }) ?? [])
    const added = await indexMany({ db, embedder, vectors }, requests)
    for (const key of Object.keys(counts) as (keyof IndexCounts)[]) counts[key] += added[key]
    if ((i / INDEX_BATCH) % 4 === 0)
      log(`  indexed ${Math.min(corpus.length, i + INDEX_BATCH)}/${corpus.length}`)
  }
  const { results } = await db
    .prepare(`SELECT id, external_id FROM sources WHERE kind = 'corpus'`)
    .all<{ id: string; external_id: string }>()
  const prefix = `${CORPUS_NAME}:`
  const documentIds = new Map(results.map((r) => [r.id, r.external_id.slice(prefix.length)]))
  return { db, embedder, vectors, counts, documentIds }
}

export async function evaluateSystems(input: {
  index: IndexedCorpus
  data: BeirData
  systems: string[]
  limit?: number
  tuning?: Partial<RetrievalTuning>
  /** Which part of the split: the held-out part decides, the tuning part tunes. */
  part?: 'all' | 'tune' | 'holdout'
  log: (m: string) => void
}): Promise<Record<string, Metrics>> {
  const { index, data } = input
  const queries = [...data.qrels.keys()]
    .filter((id) => inPart(id, input.part ?? 'all'))
    .slice(0, input.limit)
  const results: Record<string, Metrics> = {}
  for (const system of input.systems) {
    const spec = parseSystem(system)
    if (!spec) throw new Error(`unknown system ${system}`)
    const retriever = offlineRetriever(index, { ...input.tuning, ...spec.tuning })
    const started = Date.now()
    const runs = await mapConcurrent(queries, CONCURRENCY, async (id) => {
      const depth = spec.routed ? {} : { topK: DEPTH, topN: DEPTH }
      const result = await retriever.retrieve(data.queries.get(id) ?? '', {
        ...depth,
        stages: spec.stages,
      })
      // A source outside the judged corpus (a distractor) keeps its rank, judged not relevant.
      const docOf = (sourceId: string) => index.documentIds.get(sourceId) ?? `unjudged:${sourceId}`
      const ranked = [...new Set(result.chunks.map((c) => docOf(c.sourceId)))]
      return {
        ranked,
        judged: data.qrels.get(id) ?? new Map<string, number>(),
      }
    })
    results[system] = meanMetrics(runs)
    const ms = (Date.now() - started) / Math.max(1, queries.length)
    input.log(`${system}: ${JSON.stringify(results[system])} (${ms.toFixed(1)} ms/query)`)
  }
  return results
}
