// Offline rationale: the sentences of an abstract that speak to a claim, found by the share of
// the claim's term weight (IDF) each sentence holds. Findings and conclusions are preferred to
// aims and methods, which name the same words without saying what was found.
import {
  abstractSentences,
  contentTerms,
  isFramingTerm,
  isProse,
  termWeights,
  type SentenceKind,
  type TermStatistics,
} from '../grounding'

export interface RationaleSentence {
  /** Verbatim from the source (a structured abstract's section label left off). */
  text: string
  /** 0-based index among the source text's sentences (Quire's sentence split). */
  sentence_index: number
  /** Share of the claim's term weight the sentence holds, 0..1. */
  coverage: number
  /**
   * The same share over the claim's subject alone: its words but those that frame how
   * subjects relate ("causes", "reduces", "associated"). A stance needs the subject named.
   */
  subject_coverage: number
  kind: SentenceKind
}

/** At most this many sentences quoted per source. */
export const MAX_RATIONALE = 3
/** A sentence holding less of the claim than this says too little about it to quote. */
export const MIN_COVERAGE = 0.34

/** Aims and methods describe what was looked at, not what was found. */
const KIND_FACTOR: Record<SentenceKind, number> = {
  result: 1,
  conclusion: 1,
  background: 0.85,
  aim: 0.6,
  method: 0.6,
}

const sum = (weights: Map<string, number>) => [...weights.values()].reduce((a, b) => a + b, 0)

function held(weights: Map<string, number>, terms: ReadonlySet<string>): number {
  let hit = 0
  for (const [term, weight] of weights) if (terms.has(term)) hit += weight
  return hit
}

export function rationaleSentences(
  claim: string,
  text: string,
  stats?: TermStatistics,
): RationaleSentence[] {
  const weights = termWeights(claim, stats)
  const total = sum(weights)
  if (total <= 0) return []
  const subject = new Map([...weights].filter(([term]) => !isFramingTerm(term)))
  const subjectTotal = sum(subject)
  const scored = abstractSentences(text).map((sentence) => {
    const terms = new Set(contentTerms(sentence.text))
    const coverage = held(weights, terms) / total
    const subjectCoverage = subjectTotal > 0 ? held(subject, terms) / subjectTotal : coverage
    return { sentence, coverage, subjectCoverage, score: coverage * KIND_FACTOR[sentence.kind] }
  })
  return (
    scored
      // Figure and table debris (a PDF's axis labels, table rows) is never quoted as a finding.
      .filter((s) => s.coverage >= MIN_COVERAGE && isProse(s.sentence.text))
      .sort((a, b) => b.score - a.score || a.sentence.position - b.sentence.position)
      .slice(0, MAX_RATIONALE)
      .map(({ sentence, coverage, subjectCoverage }) => ({
        text: sentence.text,
        sentence_index: sentence.position,
        coverage,
        subject_coverage: subjectCoverage,
        kind: sentence.kind,
      }))
  )
}
