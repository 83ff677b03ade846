// Offline stance: which way an abstract's best rationale sentence points relative to the
// claim, from negation and direction words alone (cues.ts), in bands of how much of the claim
// the sentence holds. Each rule's precision is measured on the tuning part of SciFact train
// through the route (`npm run eval -- --claims --part tune`, eval/claims/README.md) and kept in
// RULE_FIT; a rule shows its stance only when that precision reaches SHOWN_PRECISION over at
// least MIN_FIT_ITEMS items, otherwise the stance stays unlabelled. The payload says the
// stances are estimated.
import { contentStems } from '../grounding'
import { readCues, type Cues } from './cues'
import type { RationaleSentence } from './rationale'
import type { EvidenceStance, Stance } from './types'

/** What the cues say: no conflict with the claim, a denial on one side only, or opposite directions. */
export type CueReading = 'agrees' | 'negation-differs' | 'direction-opposes'
/** How much of the claim's term weight the sentence holds. */
export type OverlapBand = 'high' | 'mid' | 'low'
export type StanceRule = `${CueReading}/${OverlapBand}`

/** A stance is shown only from a rule at least this precise on the tuning part… */
export const SHOWN_PRECISION = 0.85
/** …measured over at least this many labelled abstracts (fewer say too little). */
export const MIN_FIT_ITEMS = 15

/** Below this share of the claim's weight a sentence's cues are not read at all. */
export const STANCE_COVERAGE = 0.5

const BANDS: readonly [OverlapBand, number][] = [
  ['high', 0.85],
  ['mid', 0.7],
  ['low', STANCE_COVERAGE],
]

export interface RuleFit {
  precision: number
  items: number
}

/**
 * Each rule's precision on the tuning part (labelled abstracts among the evidence the route
 * returned, eval/claims/README.md has the run). Rules absent here were never measured and stay
 * unlabelled.
 */
export const RULE_FIT: Partial<Record<StanceRule, RuleFit>> = {
  // npm run eval -- --claims --part tune (550 claims, 381 labelled pairs), 2026-12-02, with
  // bands on the lesser of claim and subject coverage.
  'agrees/high': { precision: 16 / 18, items: 18 },
  'agrees/mid': { precision: 24 / 34, items: 34 },
  'agrees/low': { precision: 68 / 88, items: 88 },
  'negation-differs/mid': { precision: 4 / 6, items: 6 },
  'negation-differs/low': { precision: 15 / 22, items: 22 },
  'direction-opposes/mid': { precision: 0 / 1, items: 1 },
  'direction-opposes/low': { precision: 2 / 4, items: 4 },
}

const READING_STANCE: Record<CueReading, Exclude<Stance, 'unlabelled'>> = {
  agrees: 'supports',
  'negation-differs': 'contradicts',
  'direction-opposes': 'contradicts',
}

/** The stance a rule gives when shown. */
export function stanceOfRule(rule: StanceRule): Exclude<Stance, 'unlabelled'> {
  return READING_STANCE[rule.split('/')[0] as CueReading]
}

/** What one sentence's cues say against the claim's, or null when they say nothing clear. */
export function readingOf(claim: Cues, sentence: Cues): CueReading | null {
  if (claim.negated !== sentence.negated) return 'negation-differs'
  if (claim.direction !== 0 && sentence.direction !== 0 && claim.direction !== sentence.direction)
    // Both denied ("does not reduce" against "did not increase"): unclear.
    return claim.negated ? null : 'direction-opposes'
  return 'agrees'
}

function bandOf(coverage: number): OverlapBand | null {
  return BANDS.find(([, floor]) => coverage >= floor)?.[0] ?? null
}

export interface RuleReading {
  rule: StanceRule | null
  /** The stance the rule would give, shown or not. */
  stance: Stance
}

/**
 * The best sentence decides; any other sentence that counts and points the other way makes
 * the reading unclear (a conflict is never resolved by picking a side).
 */
export function readRationale(claim: string, rationale: RationaleSentence[]): RuleReading {
  const counted = rationale.filter((s) => s.coverage >= STANCE_COVERAGE)
  const best = counted[0]
  if (!best) return { rule: null, stance: 'unlabelled' }
  const near = new Set(contentStems(claim))
  const readings = counted.map((s) =>
    readingOf(readCues(claim, { against: s.text }), readCues(s.text, { against: claim, near })),
  )
  const first = readings[0]
  // The band is the lesser of the two shares: a sentence that names the predicate ("causes")
  // but not all of the subject says little about this claim.
  const band = bandOf(Math.min(best.coverage, best.subject_coverage))
  if (!first || !band) return { rule: null, stance: 'unlabelled' }
  const stance = READING_STANCE[first]
  if (readings.some((r) => r !== null && READING_STANCE[r] !== stance))
    return { rule: null, stance: 'unlabelled' }
  return { rule: `${first}/${band}`, stance }
}

/** Whether a fitted rule is precise enough, on enough items, to show its stance. */
export function isEarned(fit: RuleFit | undefined): fit is RuleFit {
  return !!fit && fit.items >= MIN_FIT_ITEMS && fit.precision >= SHOWN_PRECISION
}

/** The stance shown offline: only from a rule precise enough, else unlabelled. */
export function offlineStance(
  claim: string,
  rationale: RationaleSentence[],
  fits: Partial<Record<StanceRule, RuleFit>> = RULE_FIT,
): EvidenceStance {
  const reading = readRationale(claim, rationale)
  if (!reading.rule) return { stance: 'unlabelled', confidence: 0 }
  const fit = fits[reading.rule]
  if (!isEarned(fit)) return { stance: 'unlabelled', confidence: 0, rule: reading.rule }
  return { stance: reading.stance, confidence: fit.precision, rule: reading.rule }
}
