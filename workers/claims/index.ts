// The claim check's engine: whether a question puts forward a claim, and the evidence map
// (stances, rationale sentences, verdict) over the sources search returned. The route and
// runner live with the answer engine, whose search they share (workers/answer/claim-*.ts).
export { claimOf } from './framing'
export { mapEvidence, type EvidenceMap, type MapFallback, type MapSource } from './evidence-map'
export { rationaleSentences, type RationaleSentence } from './rationale'
export {
  isEarned,
  offlineStance,
  readRationale,
  RULE_FIT,
  SHOWN_PRECISION,
  stanceOfRule,
  type RuleFit,
  type StanceRule,
} from './offline-stance'
export { readCues, type Cues } from './cues'
export type { ClaimEvidence, EvidenceStance, Stance, StanceJudge, Verdict } from './types'
export { verdictOf } from './verdict'
export { claimNotes, ESTIMATED_NOTE, NO_EVIDENCE_NOTE, STANCE_TITLES, VERDICT_WORDS } from './words'
