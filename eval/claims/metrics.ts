// The claim check's figures over one part of SciFact train, from what the route returned:
// recall (the labelled abstract among the evidence), shown-stance precision and coverage,
// rationale agreement with the labelled sentences, and each offline rule's precision.
import { stanceOfRule, type StanceRule } from '../../workers/claims'
import type { LabelledClaim } from './labels'

export interface EvidenceRecord {
  /** Corpus id of the source (null: not a demo corpus abstract). */
  corpusId: string | null
  stance: 'supports' | 'contradicts' | 'unlabelled'
  rule?: string
  sentences: number[]
}

export interface ClaimRecord {
  id: string
  claim: string
  error?: string
  verdict?: string
  mode?: string
  sources: (string | null)[]
  evidence: EvidenceRecord[]
  ms: number
}

interface Ratio {
  n: number
  of: number
  value: number | null
}

const ratio = (n: number, of: number): Ratio => ({ n, of, value: of === 0 ? null : n / of })

export interface RuleFigures {
  /** Fired on a labelled abstract: how often its stance was the label. */
  labelled: Ratio
  /** Fired on any abstract: a stance on an unlabelled one counts as wrong. */
  strict: Ratio
}

export interface ClaimSummary {
  claims: number
  errors: number
  pairs: number
  /** Labelled abstract among the evidence. */
  recall: Ratio
  /** Labelled abstract among the sources the search returned. */
  sourceRecall: Ratio
  /** Of the labelled abstracts in the evidence, those given a shown stance. */
  coverage: Ratio
  /** Shown stances on labelled abstracts that match the label. */
  precision: Ratio
  /** Every shown stance, an unlabelled abstract's counting as wrong. */
  strictPrecision: Ratio
  /** A returned rationale sentence is a labelled one (index exact, and within one). */
  rationaleExact: Ratio
  rationaleNear: Ratio
  /** Claims with no labelled abstract that got a verdict other than insufficient. */
  unlabelledClaimsWithVerdict: Ratio
  rules: Record<string, RuleFigures>
  p50Ms: number | null
}

function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? null
}

const isShown = (e: EvidenceRecord) => e.stance !== 'unlabelled'

export function summarizeClaims(claims: LabelledClaim[], records: ClaimRecord[]): ClaimSummary {
  const byId = new Map(records.map((r) => [r.id, r]))
  const tally = { pairs: 0, inEvidence: 0, inSources: 0, shown: 0, right: 0 }
  const strict = { shown: 0, right: 0 }
  const rationale = { exact: 0, near: 0 }
  const unlabelled = { claims: 0, verdicts: 0 }
  const rules = new Map<string, { lr: number; ln: number; sr: number; sn: number }>()
  const rule = (name: string) => {
    const found = rules.get(name) ?? { lr: 0, ln: 0, sr: 0, sn: 0 }
    rules.set(name, found)
    return found
  }
  for (const claim of claims) {
    const record = byId.get(claim.id)
    if (!record || record.error) continue
    if (claim.gold.size === 0) {
      unlabelled.claims++
      if (record.verdict && record.verdict !== 'insufficient') unlabelled.verdicts++
    }
    for (const item of record.evidence) {
      const gold = item.corpusId ? claim.gold.get(item.corpusId) : undefined
      if (isShown(item)) {
        strict.shown++
        if (gold?.stance === item.stance) strict.right++
      }
      if (item.rule) {
        const would = stanceOfRule(item.rule as StanceRule)
        const r = rule(item.rule)
        r.sn++
        if (gold?.stance === would) r.sr++
        if (gold) {
          r.ln++
          if (gold.stance === would) r.lr++
        }
      }
    }
    for (const [corpusId, gold] of claim.gold) {
      tally.pairs++
      if (record.sources.includes(corpusId)) tally.inSources++
      const item = record.evidence.find((e) => e.corpusId === corpusId)
      if (!item) continue
      tally.inEvidence++
      if (item.sentences.some((i) => gold.sentences.has(i))) rationale.exact++
      if (item.sentences.some((i) => [i - 1, i, i + 1].some((j) => gold.sentences.has(j))))
        rationale.near++
      if (!isShown(item)) continue
      tally.shown++
      if (item.stance === gold.stance) tally.right++
    }
  }
  const ok = records.filter((r) => !r.error)
  return {
    claims: claims.length,
    errors: records.length - ok.length,
    pairs: tally.pairs,
    recall: ratio(tally.inEvidence, tally.pairs),
    sourceRecall: ratio(tally.inSources, tally.pairs),
    coverage: ratio(tally.shown, tally.inEvidence),
    precision: ratio(tally.right, tally.shown),
    strictPrecision: ratio(strict.right, strict.shown),
    rationaleExact: ratio(rationale.exact, tally.inEvidence),
    rationaleNear: ratio(rationale.near, tally.inEvidence),
    unlabelledClaimsWithVerdict: ratio(unlabelled.verdicts, unlabelled.claims),
    rules: Object.fromEntries(
      [...rules].map(([name, r]) => [
        name,
        { labelled: ratio(r.lr, r.ln), strict: ratio(r.sr, r.sn) },
      ]),
    ),
    p50Ms: percentile(
      ok.map((r) => r.ms),
      50,
    ),
  }
}
