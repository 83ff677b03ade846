// `npm run eval -- --claims`: the claim check through POST /api/claims/check, against a Quire
// this run starts (offline, default configuration, the SciFact demo corpus) or --url, on one
// part of SciFact train's claims (default: the test part, ids divisible by 3).
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { demoCorpusIds } from '../grounding/run'
import { startQuire, type Target } from '../grounding/target'
import { checkClaim } from './client'
import { formatClaims } from './format'
import { readClaims, type ClaimPart, type LabelledClaim } from './labels'
import { summarizeClaims, type ClaimRecord } from './metrics'

export interface ClaimsRunOptions {
  url?: string
  port: number
  fresh: boolean
  data?: string
  part?: string
  limit?: string
  concurrency: number
  details?: string
  json: boolean
  log: (m: string) => void
}

const DEFAULT_DATA = path.resolve(import.meta.dirname, '../../../shared/data/scifact')

function parsePart(part: string | undefined): ClaimPart {
  if (part === undefined) return 'held-out'
  if (part === 'holdout') return 'held-out'
  if (part === 'tune' || part === 'held-out' || part === 'all') return part
  throw new Error(`--part must be tune, held-out or all (got ${part})`)
}

const SOURCE_ID = /\bsrc_[0-9a-f]{24}\b/

async function checkOne(
  baseUrl: string,
  claim: LabelledClaim,
  index: number,
  ids: Map<string, string>,
): Promise<ClaimRecord> {
  const reply = await checkClaim(baseUrl, claim.text, `10.77.${(index >> 8) & 255}.${index & 255}`)
  const corpusId = (url: string) => ids.get(SOURCE_ID.exec(url)?.[0] ?? '') ?? null
  if (!reply.ok) {
    return {
      id: claim.id,
      claim: claim.text,
      error: reply.error,
      sources: [],
      evidence: [],
      ms: reply.ms,
    }
  }
  const { payload } = reply
  return {
    id: claim.id,
    claim: claim.text,
    verdict: payload.verdict,
    mode: payload.mode,
    sources: payload.sources.map((s) => corpusId(s.url)),
    evidence: payload.evidence.map((e) => ({
      corpusId: corpusId(e.source.url),
      stance: e.stance,
      ...(e.rule ? { rule: e.rule } : {}),
      sentences: e.rationale.map((r) => r.sentence_index),
    })),
    ms: reply.ms,
  }
}

async function checkAll(
  baseUrl: string,
  claims: LabelledClaim[],
  concurrency: number,
  log: (m: string) => void,
): Promise<ClaimRecord[]> {
  const ids = demoCorpusIds()
  const records: ClaimRecord[] = new Array(claims.length)
  let next = 0
  const worker = async () => {
    while (next < claims.length) {
      const i = next++
      records[i] = await checkOne(baseUrl, claims[i] as LabelledClaim, i, ids)
      if ((i + 1) % 50 === 0) log(`${i + 1}/${claims.length} claims checked`)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker))
  return records
}

export async function runClaimsEval(o: ClaimsRunOptions): Promise<void> {
  const part = parsePart(o.part)
  const all = readClaims(path.join(o.data ?? DEFAULT_DATA, 'queries.jsonl'), part)
  const claims = o.limit ? all.slice(0, Number(o.limit)) : all
  o.log(`${claims.length} claims of the ${part} part`)
  const target: Target = o.url
    ? { baseUrl: o.url.replace(/\/+$/, ''), stop: async () => undefined }
    : await startQuire(o.port, { fresh: o.fresh, log: o.log })
  try {
    const records = await checkAll(target.baseUrl, claims, o.concurrency, o.log)
    if (o.details) writeFileSync(o.details, records.map((r) => JSON.stringify(r)).join('\n') + '\n')
    const summary = summarizeClaims(claims, records)
    process.stdout.write(
      o.json ? `${JSON.stringify({ part, ...summary })}\n` : `${formatClaims(part, summary)}\n`,
    )
  } finally {
    await target.stop()
  }
}
