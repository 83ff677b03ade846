// `npm run eval -- --grounding`: the grounding report over an indexed corpus (see run.ts).
import { writeFileSync } from 'node:fs'
import { parseConfig } from '../../workers/config'
import { createTermStatisticsSource } from '../../workers/grounding'
import { LIBRARY_NAMESPACE } from '../../workers/namespaces'
import { createRetriever } from '../../workers/retrieval'
import type { BeirData } from '../beir'
import type { IndexedCorpus } from '../pipeline'
import { evaluateGrounding } from './evaluate'
import { formatGrounding } from './format'

export async function runGrounding(input: {
  index: IndexedCorpus
  data: BeirData
  limit?: string
  samples?: string
  json: boolean
  log: (m: string) => void
}): Promise<void> {
  const { index } = input
  const retriever = createRetriever({
    config: parseConfig({}),
    db: index.db,
    embedder: index.embedder,
    vectors: index.vectors,
    models: null,
  })
  const report = await evaluateGrounding({
    deps: { retriever, termStats: createTermStatisticsSource(index.db, [LIBRARY_NAMESPACE]) },
    data: input.data,
    documentIds: index.documentIds,
    limit: input.limit ? Number(input.limit) : undefined,
    log: input.log,
  })
  if (input.samples) writeFileSync(input.samples, JSON.stringify(report.samples, null, 1))
  const { samples: _samples, ...summary } = report
  process.stdout.write(input.json ? `${JSON.stringify(summary)}\n` : `${formatGrounding(report)}\n`)
}
