// What the passages of an offline answer leave out of the question, said before the quotes:
// its weightiest word in none of them ("yoga" in "Can yoga lower blood pressure?"), or its two
// weightiest words never in the same one (papers on statins beside papers on dementia). Word
// statistics answer such a question from its other half; the reader is told so.
import { termWeights, type TermStatistics } from './term-weights'
import { contentTerms, termOf, wordsOf } from './terms'
import type { EvidenceText } from './signals'
import { SUBJECT_SHARE } from './tuning'

export type CoverageGap =
  { kind: 'missing'; word: string } | { kind: 'apart'; words: [string, string] }

/** The question's own spelling of a term ("statins" for "statin"), lowered if it only opens it. */
function asWritten(query: string, term: string): string {
  const words = wordsOf(query)
  const word = words.find((w) => termOf(w) === term) ?? term
  return word === words[0] && /^\p{Lu}\p{Ll}+$/u.test(word) ? word.toLowerCase() : word
}

/** The first half of a contraction ("don" of "don't") names nothing. */
const inContraction = (query: string, word: string) =>
  new RegExp(`(^|[^\\p{L}])${word}['’]\\p{L}`, 'iu').test(query)

/** The question's subjects (terms with at least `share` of its IDF weight), weightiest first. */
function subjectsOf(query: string, stats: TermStatistics, share: number) {
  const weights = termWeights(query, stats)
  const total = [...weights.values()].reduce((a, b) => a + b, 0)
  const subjects = [...weights]
    .map(([term, weight]) => ({ term, share: total > 0 ? weight / total : 0 }))
    .filter((s) => s.share >= share && !inContraction(query, asWritten(query, s.term)))
    .sort((a, b) => b.share - a.share)
  return { subjects, terms: weights.size }
}

const termsOfEach = (passages: EvidenceText[]) =>
  passages.map((p) => new Set(contentTerms(`${p.title} ${p.text}`)))

const firstAbsent = (subjects: { term: string }[], held: Set<string>[]) =>
  subjects.find((s) => !held.some((terms) => terms.has(s.term)))?.term

/**
 * The question's word carrying at least `share` of its weight that no passage mentions, as the
 * question writes it; null when there is none or no statistics to weigh by.
 */
export function absentSubject(
  query: string,
  passages: EvidenceText[],
  share: number,
  stats?: TermStatistics,
): string | null {
  if (!stats || passages.length === 0) return null
  const absent = firstAbsent(subjectsOf(query, stats, share).subjects, termsOfEach(passages))
  return absent ? asWritten(query, absent) : null
}

/**
 * The gap between the question and the passages, judged by corpus statistics (none without
 * them: every word would weigh alike); null when a passage holds every subject of the question.
 */
export function coverageGap(
  query: string,
  passages: EvidenceText[],
  stats?: TermStatistics,
): CoverageGap | null {
  if (!stats || passages.length === 0) return null
  const { subjects, terms } = subjectsOf(query, stats, SUBJECT_SHARE)
  if (subjects.length === 0 || terms < 2) return null
  const held = termsOfEach(passages)
  const missing = firstAbsent(subjects, held)
  if (missing) return { kind: 'missing', word: asWritten(query, missing) }
  const [first, second] = subjects.map((s) => s.term)
  if (!first || !second || held.some((terms) => terms.has(first) && terms.has(second))) return null
  // In the question's order: "statins" and "dementia".
  const order = contentTerms(query)
  const [a, b] = [first, second].sort((x, y) => order.indexOf(x) - order.indexOf(y))
  return { kind: 'apart', words: [asWritten(query, a ?? first), asWritten(query, b ?? second)] }
}

/** The sentence that opens an offline answer with a gap: what the quotes below do not cover. */
export function coverageGapNote(gap: CoverageGap): string {
  if (gap.kind === 'missing')
    return `None of the passages found mentions “${gap.word}”; the quotes below speak only to the rest of the question.`
  const [a, b] = gap.words
  return `No passage found mentions both “${a}” and “${b}”; each quote below speaks to one of them, not to the two together.`
}
