// Query latency of the retriever as the app calls it (task routing, default stages), and of
// BM25 alone and exact-cosine vectors alone, at the current index size.
import type { RetrieveOptions, Retriever } from '../workers/retrieval'
import { percentile } from './stats'

export interface LatencyRow {
  chunks: number
  system: string
  cold: string
  p50: string
  p95: string
  max: string
}

const SYSTEMS: Record<string, RetrieveOptions['stages']> = {
  'hybrid (default)': {},
  'bm25 only': {
    vector: false,
    queryVariations: false,
    feedback: false,
    rerank: false,
    mmr: false,
  },
  'vector only': {
    bm25: false,
    queryVariations: false,
    feedback: false,
    rerank: false,
    mmr: false,
  },
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await run()
  return performance.now() - started
}

export async function latencyRows(
  retriever: Retriever,
  queries: string[],
  chunks: number,
): Promise<LatencyRow[]> {
  const rows: LatencyRow[] = []
  for (const [system, stages] of Object.entries(SYSTEMS)) {
    const options: RetrieveOptions = { stages }
    // The first query after a write reloads caches (vector matrix, term counts).
    const cold = await timed(() => retriever.retrieve(queries[0] ?? 'test', options))
    const times: number[] = []
    for (const query of queries) times.push(await timed(() => retriever.retrieve(query, options)))
    times.sort((a, b) => a - b)
    const ms = (n: number) => n.toFixed(1)
    rows.push({
      chunks,
      system,
      cold: ms(cold),
      p50: ms(percentile(times, 0.5)),
      p95: ms(percentile(times, 0.95)),
      max: ms(times.at(-1) ?? 0),
    })
  }
  return rows
}
