// npm run eval -- --data <BEIR folder> --split <name> [--json] [--systems a,b] [--limit n]
//   [--keep] [--reuse <label>] [--tuning '<json>'] [--distractors n] [--part all|tune|holdout]
//   [--embedder offline|scripted|openai-compatible [--embed-model m] [--embed-port p]
//   [--embed-url u] [--embed-dimensions d]]
//   npm run eval -- --data <SciFact folder> --grounding-fit [--reuse <label>] [--samples <file>]
//     (fits the relevance model of workers/grounding/tuning.ts: eval/grounding/fit.ts)
//   npm run eval -- --claims [--url <Quire>] [--port n] [--fresh] [--part tune|held-out|all]
//     [--limit n] [--concurrency n] [--details <file>] [--json] (eval/claims/: through
//     POST /api/claims/check; default part: the test part)
//   npm run eval -- --grounding [--url <Quire>] [--port n] [--fresh] [--claim-set <file>]
//     [--sets claims,topics,offTopic,followUps] [--part tune|held-out|all] [--limit n]
//     [--concurrency n] [--details <file>] [--json] (eval/grounding/: through POST /api/ask)
//   npm run eval -- --papers <folder of PDFs> [--data <BEIR folder>] [--json] (eval/papers/)
//   npm run eval -- --debate --data <SciFact folder> [--debates n] [--seed s] [--json] (eval/debate/)
//   npm run eval -- --placement [--data <BEIR folder>] [--limit n] [--json] (eval/placement/)
//   npm run eval -- --writing [--url <running Quire>] [--split tune|heldout|all] [--json]
//     [--details out.json] (eval/writing/: through the writing routes of a running Quire)
// Indexes the folder's corpus with Quire's own chunker, offline embedder and indexer into a
// real local D1, runs every judged query through each system and prints nDCG@10,
// Recall@100 and MRR@10. --json prints exactly one JSON object on stdout. --grounding prints
// the grounding report instead (abstention, answers, gold citations, follow-ups), measured
// through POST /api/ask of a running Quire.
import { parseArgs } from 'node:util'
import { readBeir } from './beir'
import { openLocalD1 } from './local-d1'
import { formatTable } from './report'
import { evaluateSystems, indexCorpus } from './pipeline'
import { DEFAULT_SYSTEMS, parseSystem } from './systems'
import { runClaimsEval } from './claims/run'
import { runGroundingReport } from './grounding/run'
import { refitFromSamples, runFit } from './grounding/fit'
import { runPapers } from './papers/run'
import { allowWorkerdImports } from './debate/workerd-shim'
import { runPlacementEval } from './placement/run'
import { runWritingEval } from './writing/run'
import { indexDistractors } from './distractors'
import { openAiCompatibleEmbedder, startScriptedEmbedder } from './scripted-embedder'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseCorpusJsonl } from '../workers/retrieval'

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    split: { type: 'string', default: 'test' },
    json: { type: 'boolean', default: false },
    systems: { type: 'string' },
    limit: { type: 'string' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    tuning: { type: 'string' },
    grounding: { type: 'boolean', default: false },
    'grounding-fit': { type: 'boolean', default: false },
    samples: { type: 'string' },
    url: { type: 'string' },
    port: { type: 'string', default: '8911' },
    fresh: { type: 'boolean', default: false },
    claims: { type: 'boolean', default: false },
    'claim-set': { type: 'string' },
    sets: { type: 'string' },
    part: { type: 'string' },
    concurrency: { type: 'string', default: '2' },
    details: { type: 'string' },
    papers: { type: 'string' },
    debate: { type: 'boolean', default: false },
    debates: { type: 'string', default: '24' },
    seed: { type: 'string', default: '1' },
    placement: { type: 'boolean', default: false },
    distractors: { type: 'string' },
    writing: { type: 'boolean', default: false },
    embedder: { type: 'string', default: 'offline' },
    'embed-model': { type: 'string', default: 'BAAI/bge-small-en-v1.5' },
    'embed-port': { type: 'string', default: '8963' },
    'embed-url': { type: 'string' },
    'embed-dimensions': { type: 'string', default: '384' },
  },
})

const log = (message: string) => process.stderr.write(`${message}\n`)

/** The retrieval split's part (`held-out` is accepted as the grounding report spells it). */
function parsePart(part: string | undefined): 'all' | 'tune' | 'holdout' {
  if (part === undefined) return 'all'
  if (part === 'held-out') return 'holdout'
  if (part === 'all' || part === 'tune' || part === 'holdout') return part
  throw new Error(`--part must be all, tune or holdout (got ${part})`)
}

async function papersOnly(folder: string): Promise<void> {
  const local = await openLocalD1(`eval-papers-${process.pid}`, { fresh: true })
  try {
    const index = await indexCorpus(local.db, [], log)
    await runPapers({ folder, index, json: values.json, log })
  } finally {
    await local.dispose({ keep: values.keep })
  }
}

/** The debate reaches workers/session, whose SessionDO needs workerd's runtime module. */
async function debateEval(data: string): Promise<void> {
  allowWorkerdImports()
  const { runDebateEval } = await import('./debate/run')
  await runDebateEval({
    data,
    debates: Number(values.debates),
    seed: Number(values.seed),
    json: values.json,
    keep: values.keep,
    log,
  })
}

/** Writing's "put the paragraph back" cases: the given corpus, or the shipped demo corpus. */
function placementOnly(): void {
  const rows = values.data
    ? readBeir(values.data, values.split).corpus
    : parseCorpusJsonl(
        readFileSync(path.resolve(import.meta.dirname, '../web/public/corpus/scifact.jsonl.gz')),
      )
  runPlacementEval({ rows, limit: Number(values.limit ?? 500), json: values.json, log })
}

function groundingReport(): Promise<void> {
  return runGroundingReport({
    url: values.url,
    port: Number(values.port),
    fresh: values.fresh,
    claims: values['claim-set'],
    sets: values.sets,
    part: values.part,
    limit: values.limit,
    concurrency: Number(values.concurrency),
    details: values.details,
    json: values.json,
    log,
  })
}

async function main(): Promise<void> {
  if (values.placement) return placementOnly()
  if (values.grounding) return groundingReport()
  if (values.claims)
    return runClaimsEval({
      url: values.url,
      port: Number(values.port),
      fresh: values.fresh,
      data: values.data,
      part: values.part,
      limit: values.limit,
      concurrency: Number(values.concurrency),
      details: values.details,
      json: values.json,
      log,
    })
  // --grounding-fit --samples <file> without --data: refit from recorded samples.
  if (values['grounding-fit'] && values.samples && !values.data)
    return refitFromSamples(values.samples)
  if (values.writing) {
    const split = values.split === 'test' ? 'all' : values.split
    return runWritingEval({
      url: values.url ?? 'http://127.0.0.1:8787',
      split,
      json: values.json,
      details: values.details,
      log,
    })
  }
  if (values.papers && !values.data) return papersOnly(values.papers)
  if (!values.data) throw new Error('--data <BEIR folder> is required')
  if (values.debate) return debateEval(values.data)
  const systems = values.systems ? values.systems.split(',') : DEFAULT_SYSTEMS
  const unknown = systems.filter((s) => !parseSystem(s))
  if (unknown.length) throw new Error(`unknown systems: ${unknown.join(', ')}`)
  const data = readBeir(values.data, values.split)
  log(`corpus ${data.corpus.length} docs, ${data.qrels.size} judged queries (${values.split})`)
  // --reuse <label>: keep the index under that label and skip indexing when it is there
  // (for tuning runs; an ordinary run always indexes from scratch).
  const label = values.reuse ? `eval-${values.reuse}` : `eval-${process.pid}`
  const local = await openLocalD1(label, { fresh: !values.reuse })
  const scripted =
    values.embedder === 'scripted'
      ? await startScriptedEmbedder(Number(values['embed-port']), values['embed-model'])
      : null
  const real =
    values.embedder === 'openai-compatible' && values['embed-url']
      ? openAiCompatibleEmbedder(
          values['embed-url'],
          values['embed-model'],
          Number(values['embed-dimensions']),
        )
      : null
  if (values.embedder !== 'offline' && !scripted && !real)
    throw new Error(
      `--embedder must be offline, scripted, or openai-compatible with --embed-url (got ${values.embedder})`,
    )
  try {
    const started = Date.now()
    const index = await indexCorpus(local.db, data.corpus, log, {
      skipIfIndexed: !!values.reuse,
      embedder: scripted?.embedder ?? real ?? undefined,
    })
    log(
      `indexed in ${((Date.now() - started) / 1000).toFixed(1)}s: ${JSON.stringify(index.counts)}`,
    )
    if (values.distractors) {
      const made = await indexDistractors(local.db, data.corpus, Number(values.distractors), log)
      log(`with ${made} distractor documents`)
    }
    if (values['grounding-fit']) {
      await runFit({ index, samplesFile: values.samples, log })
      return
    }
    if (values.papers) {
      await runPapers({ folder: values.papers, index, json: values.json, log })
      return
    }
    const results = await evaluateSystems({
      index,
      data,
      systems,
      limit: values.limit ? Number(values.limit) : undefined,
      tuning: values.tuning ? JSON.parse(values.tuning) : undefined,
      part: parsePart(values.part),
      log,
    })
    if (scripted) log(await scripted.seamReport())
    if (values.json) process.stdout.write(`${JSON.stringify(results)}\n`)
    else process.stdout.write(`${formatTable(results)}\n`)
  } finally {
    await scripted?.close()
    await local.dispose({ keep: values.keep || !!values.reuse })
  }
}

main().catch((error: unknown) => {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error))
  process.exit(1)
})
