// Query latency through the bench Worker: each query is one POST /query timed from outside
// (loopback HTTP included). Cold: a fresh isolate (restarted worker, every in-isolate cache
// empty), each query asked for the first time; warm: the same queries asked again.
import { percentile } from './stats'
import { workerdCpuMs, type BenchWorker } from './workerd'
import type { RetrieveOptions } from '../workers/retrieval'
import type { RetrievalTuning } from '../workers/retrieval/search/state'
import { DEFAULT_TUNING } from '../workers/retrieval/search/tuning'

export interface LatencyRow {
  chunks: number
  system: string
  /** The first query of the fresh isolate (module start-up, first reads). */
  first: number
  cold: { p50: number; p95: number }
  warm: { p50: number; p95: number }
  /** workerd CPU time (ms) per query, cold and warm: what the wall times cost on this machine. */
  cpu: { cold: number; warm: number }
}

interface BenchSystem {
  /** Undefined: the retriever as every capability calls it (default stages). */
  options?: RetrieveOptions
  tuning?: Partial<RetrievalTuning>
}

const BM25_ALONE: RetrieveOptions = {
  stages: { vector: false, queryVariations: false, rerank: false, mmr: false, budget: false },
}

export const SYSTEMS: Record<string, BenchSystem> = {
  default: {},
  'bm25 alone': { options: BM25_ALONE },
  /** The default ranked by FTS5 alone, as before the term postings (postings-rank.ts). */
  'bm25, FTS5 ranks': { options: BM25_ALONE, tuning: { postings: false } },
  /** What leaving common terms out of the FTS5 pass saves (match-terms.ts). */
  'bm25, every term': { options: BM25_ALONE, tuning: { commonTerms: { share: 1, reach: 10 } } },
}

/**
 * The default query with a stricter common-term rule (`--common-shares 0.3,0.1`): what a
 * lower share would save, to set against its cost in eval/README.md.
 */
export function systemsWithShares(shares: number[]): Record<string, BenchSystem> {
  const extra = shares.map((share): [string, BenchSystem] => [
    `default, terms in >${Math.round(share * 100)}% out`,
    { tuning: { commonTerms: { ...DEFAULT_TUNING.commonTerms, share } } },
  ])
  return { ...SYSTEMS, ...Object.fromEntries(extra) }
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await run()
  return performance.now() - started
}

function quantiles(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b)
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) }
}

export async function latencyRows(
  worker: BenchWorker,
  queries: string[],
  chunks: number,
  systems: Record<string, BenchSystem> = SYSTEMS,
): Promise<LatencyRow[]> {
  const rows: LatencyRow[] = []
  for (const [system, { options, tuning }] of Object.entries(systems)) {
    await worker.restart()
    const ask = (query: string) => timed(() => worker.post('/query', { query, options, tuning }))
    const cpu0 = workerdCpuMs()
    const cold: number[] = []
    for (const query of queries) cold.push(await ask(query))
    const cpu1 = workerdCpuMs()
    const warm: number[] = []
    for (const query of queries) warm.push(await ask(query))
    const cpu2 = workerdCpuMs()
    const n = Math.max(1, queries.length)
    rows.push({
      chunks,
      system,
      first: cold[0] ?? 0,
      cold: quantiles(cold.slice(1)),
      warm: quantiles(warm),
      cpu: { cold: (cpu1 - cpu0) / n, warm: (cpu2 - cpu1) / n },
    })
  }
  return rows
}

/** Growth exponent k of p50 ~ n^k between two index sizes. */
export function growthExponent(a: { n: number; ms: number }, b: { n: number; ms: number }) {
  return Math.log(b.ms / a.ms) / Math.log(b.n / a.n)
}
