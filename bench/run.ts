// npm run bench [-- --sizes 10000,50000,200000 --queries 100 --answer-runs 20 --port 8961
//   --fake-port N --only answer|retrieval|placement|stop|stop-route --stop-runs 20
//   --word-ms 400 --common-shares 0.3,0.1 --private-chunks 5000]
// Time to the sources packet and first answer token through POST /api/ask against wrangler dev
// (scripted model, 1.5 s to first token; bench/answer-latency.ts); ingest throughput and query
// latency of Quire's shipped retriever with the default configuration inside workerd
// (bench/scale.ts). Documents are synthetic: sentences of the shipped SciFact demo corpus
// recombined by a seeded generator, ~one 'papers' chunk each.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { parseCorpusJsonl } from '../workers/retrieval'
import { table } from '../eval/report'
import { answerLatency } from './answer-latency'
import { placementBench } from './placement'
import { retrievalAtScale } from './scale'
import { percentile } from './stats'
import { startTarget } from './load'
import { stopLatency } from './stop-latency'
import { roundTrips, seedStopSource, stopThroughRoutes } from './stop-route'
import { SyntheticCorpus } from './synthetic'

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,50000,200000' },
    queries: { type: 'string', default: '100' },
    'answer-runs': { type: 'string', default: '20' },
    'first-token-ms': { type: 'string', default: '1500' },
    /** wrangler dev's port (answer bench; the retrieval bench's workerd too), the fake model's. */
    port: { type: 'string', default: '8805' },
    'fake-port': { type: 'string' },
    only: { type: 'string', default: 'all' },
    reuse: { type: 'string' },
    'common-shares': { type: 'string', default: '' },
    /** Chunks a session uploads privately after each size (public p50 must not move). */
    'private-chunks': { type: 'string', default: '0' },
    'stop-runs': { type: 'string', default: '20' },
    'word-ms': { type: 'string', default: '400' },
  },
})

const log = (m: string) => process.stderr.write(`${m}\n`)

async function answerBench(): Promise<void> {
  const result = await answerLatency({
    firstTokenMs: Number(values['first-token-ms']),
    runs: Number(values['answer-runs']),
    port: Number(values.port),
    fakePort: values['fake-port'] ? Number(values['fake-port']) : undefined,
    log,
  })
  const ms = (xs: number[], p: number) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      p,
    ).toFixed(1)
  const row = (name: string, xs: number[]) => [name, ms(xs, 0.5), ms(xs, 0.95), ms(xs, 1)]
  const calls = (xs: number[]) => [...new Set(xs)].sort().join(' or ')
  process.stdout.write(
    `Answer latency through POST /api/ask (SSE, wrangler dev, corpus search over the demo ` +
      `corpus; scripted model with ${result.firstTokenMs} ms to first token; ${result.runs} ` +
      `conversations; ms)\n`,
  )
  process.stdout.write(
    `${table(
      ['measure', 'p50', 'p95', 'max'],
      [
        row('first question: sources packet', result.first.sources),
        row('first question: first answer token', result.first.firstToken),
        row('follow-up: sources packet', result.followUp.sources),
        row('follow-up: first answer token', result.followUp.firstToken),
      ],
    )}\n`,
  )
  process.stdout.write(
    `Model calls before the first answer token (fake's request log): first question ` +
      `${calls(result.first.callsBefore)}, follow-up ${calls(result.followUp.callsBefore)}\n\n`,
  )
}

/** Writing's deterministic placement on a 25,000-word document (target p95 ≤ 50 ms). */
function placementLine(): void {
  const file = path.resolve(import.meta.dirname, '../web/public/corpus/scifact.jsonl.gz')
  const r = placementBench(parseCorpusJsonl(readFileSync(file)).slice(0, 2000), {
    words: 25_000,
    runs: 200,
  })
  const ms = (x: number) => x.toFixed(1)
  process.stdout.write(`Deterministic placement (ms; ${r.words}-word document, ${r.runs} runs)\n`)
  process.stdout.write(
    `${table(['measure', 'p50', 'p95', 'max'], [['find section + merge', ms(r.p50), ms(r.p95), ms(r.max)]])}\n\n`,
  )
}

/** How fast an abort ends a model stream (the tests only bound it loosely). */
async function stopLine(): Promise<void> {
  const times = (await stopLatency(50)).sort((a, b) => a - b)
  const ms = (p: number) => percentile(times, p).toFixed(1)
  process.stdout.write(`Abort to end of a model stream (ms; ${times.length} runs)\n`)
  process.stdout.write(
    `${table(['measure', 'p50', 'p95', 'max'], [['abort mid-stream', ms(0.5), ms(0.95), ms(1)]])}\n\n`,
  )
}

/** POST …/stop through the routes, with the scripted model at --word-ms a word. */
async function stopRouteLines(): Promise<void> {
  const port = Number(values.port)
  const fakePort = values['fake-port'] ? Number(values['fake-port']) : undefined
  const target = await startTarget(port, log, { fakePort })
  try {
    await seedStopSource(target)
    const runs = Number(values['stop-runs'])
    const wordMs = Number(values['word-ms'])
    const results = await stopThroughRoutes(target, { runs, wordMs })
    const floor = await roundTrips(target, '/api/no-such-route', runs)
    const health = await roundTrips(target, '/health', runs)
    const ms = (xs: number[], p: number) =>
      percentile(
        [...xs].sort((a, b) => a - b),
        p,
      ).toFixed(1)
    const rows = [...results].flatMap(([name, t]) => [
      [`${name}: stop answered`, ms(t.answered, 0.5), ms(t.answered, 0.95), ms(t.answered, 1)],
      [`${name}: stream closed`, ms(t.closed, 0.5), ms(t.closed, 0.95), ms(t.closed, 1)],
    ])
    rows.push(
      ['floor: GET unmatched path (404) round trip', ms(floor, 0.5), ms(floor, 0.95), ms(floor, 1)],
      ['reference: GET /health round trip', ms(health, 0.5), ms(health, 0.95), ms(health, 1)],
    )
    process.stdout.write(
      `Stop through the routes (ms from sending POST /api/sessions/:id/stop; wrangler dev, ` +
        `scripted model at ${wordMs} ms a word; ${runs} runs each)\n`,
    )
    process.stdout.write(`${table(['measure', 'p50', 'p95', 'max'], rows)}\n\n`)
  } finally {
    await target.stop()
  }
}

async function main(): Promise<void> {
  if (values.only === 'all' || values.only === 'stop') await stopLine()
  if (values.only === 'stop') return
  if (values.only === 'all' || values.only === 'stop-route') await stopRouteLines()
  if (values.only === 'stop-route') return
  if (values.only === 'all' || values.only === 'placement') placementLine()
  if (values.only === 'placement') return
  if (values.only !== 'retrieval') await answerBench()
  if (values.only === 'answer') return
  const sizes = values.sizes
    .split(',')
    .map(Number)
    .sort((a, b) => a - b)
  const file = path.resolve(import.meta.dirname, '../web/public/corpus/scifact.jsonl.gz')
  const corpus = new SyntheticCorpus(parseCorpusJsonl(readFileSync(file)), 2026)
  const report = await retrievalAtScale({
    corpus,
    sizes,
    queries: corpus.queries(Number(values.queries)),
    port: Number(values.port),
    reuse: values.reuse,
    commonShares: values['common-shares'].split(',').filter(Boolean).map(Number),
    privateChunks: Number(values['private-chunks']),
    log,
  })
  process.stdout.write(`${report}\n`)
}

main().catch((error: unknown) => {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error))
  process.exit(1)
})
