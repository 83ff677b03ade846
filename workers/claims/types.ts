// The claim check's payload: a verdict, and per retrieved source its stance with the
// sentences behind it. Import-free: the browser code type-checks against it.

export type Stance = 'supports' | 'contradicts' | 'unlabelled'
export type Verdict = 'supported' | 'contradicted' | 'mixed' | 'insufficient'

/** Which judge set the stances: the model, or the offline rules (an estimate). */
export type StanceJudge = 'model' | 'rules'

/** A sentence quoted verbatim from the source, and its 0-based index among its sentences. */
export interface RationaleQuote {
  text: string
  sentence_index: number
}

export interface EvidenceStance {
  stance: Stance
  /** 0..1; for the rules, the measured precision of the rule that fired. */
  confidence: number
  /** The rule that fired (offline), e.g. "direction-opposes"; absent for the model. */
  rule?: string
}

export interface ClaimEvidence<Source> extends EvidenceStance {
  source: Source
  rationale: RationaleQuote[]
}
