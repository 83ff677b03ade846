// Retrieval as the library grows: ingest through the bench Worker (indexMany inside workerd)
// up to each size, then the default query and BM25 alone, cold and warm (latency.ts), and how
// p50 grows between sizes. The machine's load average is printed beside each size.
import { loadavg } from 'node:os'
import { table } from '../eval/report'
import { growthExponent, latencyRows, systemsWithShares, type LatencyRow } from './latency'
import type { SyntheticCorpus } from './synthetic'
import { startBenchWorker, workerdCpuMs, type BenchWorker } from './workerd'
import { sessionNamespace } from '../workers/namespaces'
import type { IndexCounts } from '../workers/retrieval'

/** Documents per POST /ingest (one indexMany call, as one queue message batch would be). */
const BATCH = 250

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')

/**
 * Merges the full-text index as the ingest queue does after a bulk job (one step per call),
 * so each size is measured as a library looks once its seeding has settled.
 */
async function mergeIndex(worker: BenchWorker): Promise<{ steps: number; ms: number }> {
  const started = performance.now()
  let steps = 0
  // Bounded like the queue's rounds (FTS_MERGE_MAX_ROUNDS of 10 steps).
  while (steps < 2000 && (await worker.post<{ worked: boolean }>('/merge', {})).worked) steps += 1
  return { steps, ms: performance.now() - started }
}

/**
 * Brings the term postings up to the index as the queue's upkeep rounds do after a job, one
 * call at a time; returns the chunks built and the time it took.
 */
/** One session's private namespace: what a large upload to papers chat writes. */
const PRIVATE_NAMESPACE = sessionNamespace('papers', 'bench-private-session')

/** `count` synthetic chunks indexed into PRIVATE_NAMESPACE; returns the chunks stored. */
async function uploadPrivately(
  worker: BenchWorker,
  corpus: SyntheticCorpus,
  count: number,
): Promise<number> {
  let stored = 0
  while (stored < count) {
    const batch = corpus.next(Math.min(BATCH, count - stored), PRIVATE_NAMESPACE)
    stored += (await worker.post<IndexCounts>('/ingest', batch)).chunks
  }
  return stored
}

async function buildPostings(worker: BenchWorker): Promise<{ chunks: number; ms: number }> {
  const started = performance.now()
  let chunks = 0
  for (let calls = 0; calls < 1000; calls++) {
    const step = await worker.post<{ worked: boolean; chunks: number }>('/postings', {})
    chunks += step.chunks
    if (!step.worked) break
  }
  return { chunks, ms: performance.now() - started }
}

export async function retrievalAtScale(input: {
  corpus: SyntheticCorpus
  sizes: number[]
  queries: string[]
  port: number
  /** Keep the index under this label and grow it from where it is (development runs only). */
  reuse?: string
  /** Extra rows: the default query with terms in over this share of the index left out. */
  commonShares?: number[]
  /**
   * Chunks one session uploads privately after each size is indexed (and built): the public
   * queries must rank, and cost, as without them (issue 49 item 4).
   */
  privateChunks?: number
  log: (message: string) => void
}): Promise<string> {
  const { corpus, log } = input
  const label = input.reuse ? `bench-${input.reuse}` : `bench-${process.pid}`
  const worker = await startBenchWorker(label, { port: input.port, fresh: !input.reuse })
  const ingest: (string | number)[][] = []
  const latency: LatencyRow[] = []
  const loads: string[] = []
  let chunks = (await worker.get<{ chunks: number }>('/count')).chunks
  // A kept index already holds the synthetic documents made so far: continue after them.
  if (chunks > 0) corpus.next(chunks)
  try {
    for (const target of input.sizes) {
      const started = performance.now()
      const cpuBefore = workerdCpuMs()
      const before = chunks
      while (chunks < target) {
        const counts = await worker.post<IndexCounts>('/ingest', corpus.next(BATCH))
        chunks += counts.chunks
        if (Math.floor(chunks / 10_000) > Math.floor((chunks - counts.chunks) / 10_000))
          log(
            `  indexed ${chunks} chunks, ${((chunks - before) / ((performance.now() - started) / 1000)).toFixed(1)} chunks/s so far (load ${load()})`,
          )
      }
      chunks += await uploadPrivately(worker, corpus, input.privateChunks ?? 0)
      const seconds = (performance.now() - started) / 1000
      const cpuSeconds = (workerdCpuMs() - cpuBefore) / 1000
      const merge = await mergeIndex(worker)
      const cpuBeforePostings = workerdCpuMs()
      const postings = await buildPostings(worker)
      const postingsCpuSeconds = (workerdCpuMs() - cpuBeforePostings) / 1000
      ingest.push([
        `${before} -> ${chunks}`,
        chunks - before,
        ((chunks - before) / seconds).toFixed(1),
        ((chunks - before) / Math.max(0.001, cpuSeconds)).toFixed(1),
        (worker.stateBytes() / chunks / 1024).toFixed(1),
        `${merge.steps} / ${(merge.ms / 1000).toFixed(1)}`,
        postings.chunks,
        (postings.chunks / Math.max(0.001, postings.ms / 1000)).toFixed(1),
        (postings.chunks / Math.max(0.001, postingsCpuSeconds)).toFixed(1),
        load(),
      ])
      const systems = systemsWithShares(input.commonShares ?? [])
      const measured = await latencyRows(worker, input.queries, chunks, systems)
      latency.push(...measured)
      loads.push(`${chunks}: ${load()}`)
      // Each size's figures as soon as they exist, so a run cut short still leaves them.
      log(`measured at ${chunks} chunks (load ${load()}): ingest ${ingest.at(-1)?.join(' | ')}`)
      for (const r of measured)
        log(
          `  ${r.system}: first ${r.first.toFixed(1)}, cold p50/p95 ${r.cold.p50.toFixed(1)}/` +
            `${r.cold.p95.toFixed(1)}, warm p50/p95 ${r.warm.p50.toFixed(1)}/${r.warm.p95.toFixed(1)}`,
        )
    }
  } finally {
    await worker.dispose({ keep: !!input.reuse })
  }
  const ms = (n: number) => n.toFixed(1)
  const growth: (string | number)[][] = []
  for (const system of new Set(latency.map((r) => r.system))) {
    const rows = latency.filter((r) => r.system === system)
    rows.slice(1).forEach((row, i) => {
      const prev = rows[i]
      if (!prev) return
      const k = (pick: (r: LatencyRow) => number) =>
        growthExponent(
          { n: prev.chunks, ms: pick(prev) },
          { n: row.chunks, ms: pick(row) },
        ).toFixed(2)
      growth.push([
        system,
        `${prev.chunks} -> ${row.chunks}`,
        k((r) => r.cold.p50),
        k((r) => r.warm.p50),
      ])
    })
  }
  return [
    'Ingest (POST /ingest: indexMany inside workerd, default configuration; then what the queue runs after a job, step by step: the index merge, and the term postings catching up)',
    table(
      [
        'chunks',
        'new chunks',
        'chunks/s',
        'chunks per CPU-s',
        'KiB stored per chunk',
        'index merge steps / s',
        'postings built',
        'postings chunks/s',
        'postings chunks per CPU-s',
        'load 1/5/15 min',
      ],
      ingest,
    ),
    '',
    `Query latency (ms; POST /query timed from outside, ${input.queries.length} queries; cold = fresh isolate, each query's first run)`,
    table(
      [
        'chunks',
        'system',
        'first',
        'cold p50',
        'cold p95',
        'warm p50',
        'warm p95',
        'CPU cold',
        'CPU warm',
      ],
      latency.map((r) => [
        r.chunks,
        r.system,
        ms(r.first),
        ms(r.cold.p50),
        ms(r.cold.p95),
        ms(r.warm.p50),
        ms(r.warm.p95),
        ms(r.cpu.cold),
        ms(r.cpu.warm),
      ]),
    ),
    '',
    'Growth exponent k of p50 ~ chunks^k',
    table(['system', 'sizes', 'k cold', 'k warm'], growth),
    '',
    `Load average after each size: ${loads.join('; ')}`,
    `Requests retried after a runtime restart: ${worker.retries}`,
  ].join('\n')
}
