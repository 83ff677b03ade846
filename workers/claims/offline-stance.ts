// Offline stance: which way an abstract's rationale points relative to the claim, from
// negation and direction words alone. Each rule's precision was measured on the tuning part
// of SciFact train (eval/claims/, `npm run eval -- --claims --part tune`); a rule is shown only
// when that precision reaches SHOWN_PRECISION, otherwise the stance stays unlabelled. The
// payload says the stance is estimated.
import { readCues, type Cues } from './cues'
import type { RationaleSentence } from './rationale'
import type { EvidenceStance, Stance } from './types'

export type StanceRule =
  'direction-agrees' | 'direction-opposes' | 'negation-differs' | 'both-deny' | 'plain-match'

/** A stance is shown only from a rule at least this precise on the tuning part. */
export const SHOWN_PRECISION = 0.85

/** The sentence must hold this share of the claim's term weight for its cues to count. */
export const STANCE_COVERAGE = 0.5

/**
 * Measured precision of each rule on the tuning part (labelled abstracts among the evidence
 * the route returned), refitted by the eval; rules below SHOWN_PRECISION stay unlabelled.
 */
export const RULE_PRECISION: Record<StanceRule, number> = {
  'direction-agrees': 0,
  'direction-opposes': 0,
  'negation-differs': 0,
  'both-deny': 0,
  'plain-match': 0,
}

export const RULE_STANCE: Record<StanceRule, Exclude<Stance, 'unlabelled'>> = {
  'direction-agrees': 'supports',
  'direction-opposes': 'contradicts',
  'negation-differs': 'contradicts',
  'both-deny': 'supports',
  'plain-match': 'supports',
}

/** The rule one sentence's cues fire against the claim's, if any. */
export function ruleFor(claim: Cues, sentence: Cues): StanceRule | null {
  if (claim.negated !== sentence.negated) return 'negation-differs'
  if (claim.direction !== 0 && sentence.direction !== 0) {
    if (claim.negated) return null // "does not reduce" against "did not increase": unclear
    return claim.direction === sentence.direction ? 'direction-agrees' : 'direction-opposes'
  }
  if (claim.negated) return 'both-deny'
  if (claim.direction === 0 && sentence.direction === 0) return 'plain-match'
  return null
}

export interface RuleReading {
  rule: StanceRule | null
  /** The stance the rule would give, shown or not. */
  stance: Stance
}

/** What the rules read in the rationale: one rule, agreed by every sentence that counts. */
export function readRationale(claim: string, rationale: RationaleSentence[]): RuleReading {
  const counted = rationale.filter((s) => s.coverage >= STANCE_COVERAGE)
  if (counted.length === 0) return { rule: null, stance: 'unlabelled' }
  const claimCues = readCues(claim)
  const rules = counted.map((s) => ruleFor(claimCues, readCues(s.text)))
  const stances = new Set(rules.map((rule) => (rule ? RULE_STANCE[rule] : null)))
  const first = rules[0]
  if (!first || stances.size !== 1) return { rule: null, stance: 'unlabelled' }
  return { rule: first, stance: RULE_STANCE[first] }
}

/** The stance shown offline: only from a rule precise enough, else unlabelled. */
export function offlineStance(
  claim: string,
  rationale: RationaleSentence[],
  precision: Record<StanceRule, number> = RULE_PRECISION,
): EvidenceStance {
  const reading = readRationale(claim, rationale)
  if (!reading.rule) return { stance: 'unlabelled', confidence: 0 }
  const measured = precision[reading.rule]
  if (measured < SHOWN_PRECISION) return { stance: 'unlabelled', confidence: 0, rule: reading.rule }
  return { stance: reading.stance, confidence: measured, rule: reading.rule }
}
