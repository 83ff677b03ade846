// npm run bench [-- --sizes 10000,50000,200000 --queries 100 --answer-runs 20 --port 8961
//   --only answer|retrieval|placement --common-shares 0.3,0.1]
// Time to first answer token of the keyed answer engine (scripted model, 1.5 s to first
// token); ingest throughput and query latency of Quire's shipped retriever with the default
// configuration inside workerd (bench/scale.ts). Documents are synthetic: sentences of the
// shipped SciFact demo corpus recombined by a seeded generator, ~one 'papers' chunk each.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { parseCorpusJsonl } from '../workers/retrieval'
import { table } from '../eval/report'
import { answerLatency } from './answer-latency'
import { placementBench } from './placement'
import { retrievalAtScale } from './scale'
import { percentile } from './stats'
import { SyntheticCorpus } from './synthetic'

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,50000,200000' },
    queries: { type: 'string', default: '100' },
    'answer-runs': { type: 'string', default: '20' },
    'first-token-ms': { type: 'string', default: '1500' },
    only: { type: 'string', default: 'all' },
    port: { type: 'string', default: '8961' },
    reuse: { type: 'string' },
    'common-shares': { type: 'string', default: '' },
  },
})

const log = (m: string) => process.stderr.write(`${m}\n`)

async function answerBench(): Promise<void> {
  const file = path.resolve(import.meta.dirname, '../web/public/corpus/scifact.jsonl.gz')
  const rows = parseCorpusJsonl(readFileSync(file)).slice(0, 200)
  const result = await answerLatency(rows, {
    firstTokenMs: Number(values['first-token-ms']),
    runs: Number(values['answer-runs']),
  })
  const ms = (xs: number[], p: number) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      p,
    ).toFixed(1)
  const row = (name: string, xs: number[]) => [name, ms(xs, 0.5), ms(xs, 0.95), ms(xs, 1)]
  process.stdout.write(
    `Keyed answer latency (ms; scripted model with ${result.firstTokenMs} ms to first token, ` +
      `${result.callsBefore} model calls before the first token, ${result.runs} runs)\n`,
  )
  process.stdout.write(
    `${table(
      ['measure', 'p50', 'p95', 'max'],
      [
        row('sources packet', result.sources),
        row('first answer token', result.firstToken),
        row('overhead: minus scripted model waits', result.overhead),
        row("overhead: Quire's own code (model calls subtracted)", result.ownCode),
      ],
    )}\n\n`,
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

async function main(): Promise<void> {
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
    log,
  })
  process.stdout.write(`${report}\n`)
}

main().catch((error: unknown) => {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error))
  process.exit(1)
})
