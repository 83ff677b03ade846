// `npm run eval -- --grounding`: the grounding report through POST /api/ask (see evaluate.ts),
// against a Quire this run starts (offline, default configuration, demo corpus) or --url.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { sourceIdOf } from './client'
import { evaluateThroughRoute } from './evaluate'
import { formatGrounding, summarise } from './format'
import { DEFAULT_CLAIMS, readSets, SET_NAMES, type Part, type SetName } from './sets'
import { startQuire, type Target } from './target'

export interface GroundingRunOptions {
  url?: string
  port: number
  fresh: boolean
  claims?: string
  sets?: string
  part?: string
  limit?: string
  concurrency: number
  details?: string
  json: boolean
  log: (m: string) => void
}

/** Source id -> corpus id for every abstract of the demo corpus Quire seeds. */
export function demoCorpusIds(): Map<string, string> {
  const file = path.resolve(import.meta.dirname, '../../web/public/corpus/scifact.jsonl.gz')
  const ids = new Map<string, string>()
  for (const line of gunzipSync(readFileSync(file)).toString('utf8').split('\n')) {
    if (!line.trim()) continue
    const id = String((JSON.parse(line) as { _id: string | number })._id)
    ids.set(sourceIdOf(id), id)
  }
  return ids
}

function parsePart(part: string | undefined): Part | undefined {
  if (part === undefined || part === 'all') return undefined
  if (part === 'tune' || part === 'held-out') return part
  throw new Error(`--part must be tune, held-out or all (got ${part})`)
}

function parseSets(sets: string | undefined): SetName[] {
  if (!sets) return SET_NAMES
  const names = sets.split(',').map((s) => s.trim()) as SetName[]
  const unknown = names.filter((s) => !SET_NAMES.includes(s))
  if (unknown.length)
    throw new Error(`unknown sets: ${unknown.join(', ')} (${SET_NAMES.join(', ')})`)
  return names
}

export async function runGroundingReport(o: GroundingRunOptions): Promise<void> {
  const sets = readSets(o.claims ?? DEFAULT_CLAIMS)
  const ids = demoCorpusIds()
  const target: Target = o.url
    ? { baseUrl: o.url.replace(/\/+$/, ''), stop: async () => undefined }
    : await startQuire(o.port, { fresh: o.fresh, log: o.log })
  try {
    const results = await evaluateThroughRoute({
      baseUrl: target.baseUrl,
      sets,
      only: parseSets(o.sets),
      part: parsePart(o.part),
      limit: o.limit ? Number(o.limit) : undefined,
      concurrency: o.concurrency,
      corpusIdOf: (sourceId) => ids.get(sourceId) ?? null,
      log: o.log,
    })
    if (o.details) writeFileSync(o.details, results.map((r) => JSON.stringify(r)).join('\n') + '\n')
    const summary = summarise(results)
    process.stdout.write(o.json ? `${JSON.stringify(summary)}\n` : `${formatGrounding(summary)}\n`)
  } finally {
    await target.stop()
  }
}
