// What the passages of an offline answer leave out of the question, said before the quotes:
// its weightiest word in none of them ("yoga" in "Can yoga lower blood pressure?"), or its two
// weightiest words never in the same one (papers on statins beside papers on dementia), or, for
// a follow-up, what it adds to the earlier topic in no passage on that topic ("What about in
// dogs?" over papers on statins). Word statistics answer such a question from its other half;
// the reader is told so.
import { foldText, splitSentences } from './text'
import { coverageScores, termWeights, type TermStatistics } from './term-weights'
import { contentTerms, isFramingTerm, termOf, wordsOf } from './terms'
import type { EvidenceText } from './signals'
import { misspells, plainSpelling } from './spelling'
import { nounPhrases } from './nouns'
import { carriedTopicOf, isFollowUp } from './rewrite'
import {
  ABSENT_SUBJECT_SHARE,
  MIN_DOCUMENTS_FOR_IDF,
  ON_TOPIC_SHARE,
  SPECIFIC_WORD_MAX_DOCUMENTS,
  SPECIFIC_WORD_SHARE,
  SUBJECT_SHARE,
  TOPIC_NAME_MAX_TERMS,
} from './tuning'

export type CoverageGap =
  | { kind: 'missing'; word: string }
  /**
   * `within`: where the question's subjects should have met (a short question: one sentence);
   * `sharedPassage`: one passage holds both, sentences apart.
   */
  | {
      kind: 'apart'
      words: [string, string]
      within: 'sentence' | 'passage'
      sharedPassage: boolean
    }
  /** `onTopic`: indexes of the passages on the earlier topic, the only ones worth quoting. */
  | { kind: 'asked'; word: string; onTopic: number[] }

/** The question's own spelling of a term ("statins" for "statin"), lowered if it only opens it. */
function asWritten(query: string, term: string): string {
  const words = wordsOf(query)
  const word = words.find((w) => termOf(w) === term) ?? term
  return word === words[0] && /^\p{Lu}\p{Ll}+$/u.test(word) ? word.toLowerCase() : word
}

/** The first half of a contraction ("don" of "don't") names nothing. */
const inContraction = (query: string, word: string) =>
  new RegExp(`(^|[^\\p{L}])${word}['’]\\p{L}`, 'iu').test(query)

/**
 * The question's subjects (terms with at least `share` of the IDF weight of the terms that may
 * be one, so not "effect" or "role": terms.ts), weightiest first.
 */
export function subjectsOf(query: string, stats: TermStatistics, share: number) {
  const weights = termWeights(query, stats)
  for (const term of weights.keys()) if (isFramingTerm(term)) weights.delete(term)
  const total = [...weights.values()].reduce((a, b) => a + b, 0)
  const subjects = [...weights]
    .map(([term, weight]) => ({ term, share: total > 0 ? weight / total : 0 }))
    .filter((s) => s.share >= share && !inContraction(query, asWritten(query, s.term)))
    .sort((a, b) => b.share - a.share)
  return { subjects, terms: weights.size }
}

/**
 * Whether one of `words` names the subject: by its stem, spelt another way ("clomifene"), or
 * as a word it may misspell.
 */
function namesSubject(words: string[], term: string, written: string): boolean {
  const plain = plainSpelling(term)
  return words.some((w) => {
    const other = termOf(w)
    return other === term || plainSpelling(other) === plain || misspells(written, foldText(w))
  })
}

/**
 * For each subject, the indexes of the passages that mention it, by its stem or by a word it
 * may misspell: a typo, or a spelling of the passage's own ("clomifene" for "clomiphene"),
 * drops a word from the search, not its subject from the passages.
 */
function holders(query: string, subjects: { term: string }[], passages: EvidenceText[]) {
  const words = passages.map((p) => wordsOf(`${p.title} ${p.text}`))
  return subjects.map(({ term }) => {
    const written = foldText(asWritten(query, term))
    return words.flatMap((list, i) => (namesSubject(list, term, written) ? [i] : []))
  })
}

/** Whether the title or one sentence of the passage names both subjects (holders' spelling rule). */
function meetInASentence(query: string, pair: [string, string], passage: EvidenceText): boolean {
  const units = [passage.title, ...splitSentences(passage.text)].map(wordsOf)
  const [a, b] = pair.map((term) => ({ term, written: foldText(asWritten(query, term)) }))
  if (!a || !b) return false
  return units.some(
    (words) => namesSubject(words, a.term, a.written) && namesSubject(words, b.term, b.written),
  )
}

/**
 * The question's word carrying at least `share` of its weight that no passage mentions, even
 * misspelt, as the question writes it; null when there is none or no statistics to weigh by.
 */
export function absentSubject(
  query: string,
  passages: EvidenceText[],
  share: number,
  stats?: TermStatistics,
): string | null {
  if (!stats || passages.length === 0) return null
  const { subjects } = subjectsOf(query, stats, share)
  const held = holders(query, subjects, passages)
  const absent = subjects.find((_, i) => held[i]?.length === 0)
  return absent ? asWritten(query, absent.term) : null
}

/**
 * What a follow-up adds to its topic (the noun phrase holding about half of its nouns' weight)
 * when no passage on the topic holds it: "world cup" in "What about the world cup? (about:
 * statins …)" over papers on statins, or "olympics" where the one passage naming it is about
 * athletes' asthma. The quotes then answer the earlier question, not this one, and only the
 * passages on that topic are worth quoting. When no passage is on the topic, every passage
 * counts as on it.
 */
async function askedApart(
  asked: string,
  carried: string,
  passages: EvidenceText[],
  stats: TermStatistics,
): Promise<CoverageGap | null> {
  const phrases = await nounPhrases(asked)
  if (phrases.length === 0) return null
  // On the topic: a passage holding at least half of its words' weight (a paper on vitamin D in
  // childhood, not one that shares "reduce" with "statins reduce cardiovascular events").
  const cover = coverageScores(termWeights(carried, stats), passages)
  const onTopic = passages.flatMap((_, i) => ((cover[i] ?? 0) >= ON_TOPIC_SHARE ? [i] : []))
  const scope = onTopic.length > 0 ? onTopic : passages.map((_, i) => i)
  const word = absentSubject(
    phrases.join(' '),
    scope.flatMap((i) => passages[i] ?? []),
    ABSENT_SUBJECT_SHARE,
    stats,
  )
  if (!word) return null
  const phrase = phrases.find((p) => wordsOf(p).some((w) => termOf(w) === termOf(word)))
  return { kind: 'asked', word: phrase ?? word, onTopic: scope }
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
  const held = holders(query, subjects, passages)
  const missing = subjects.find((_, i) => held[i]?.length === 0)
  if (missing) return { kind: 'missing', word: asWritten(query, missing.term) }
  const [first, second] = subjects.map((s) => s.term)
  const [inFirst, inSecond] = held
  if (!first || !second) return null
  const both = inFirst?.filter((i) => inSecond?.includes(i)) ?? []
  // A short question names its subjects' meeting ("exercise" and "depression"): a passage
  // holding them sentences apart speaks of each, not of the two together.
  const meets = (i: number) => {
    const passage = passages[i]
    return passage !== undefined && meetInASentence(query, [first, second], passage)
  }
  const within = terms <= TOPIC_NAME_MAX_TERMS ? 'sentence' : 'passage'
  if (within === 'sentence' ? both.some(meets) : both.length > 0) return null
  // In the question's order: "statins" and "dementia".
  const order = contentTerms(query)
  const [a, b] = [first, second].sort((x, y) => order.indexOf(x) - order.indexOf(y))
  const words: [string, string] = [asWritten(query, a ?? first), asWritten(query, b ?? second)]
  return { kind: 'apart', words, within, sharedPassage: both.length > 0 }
}

/**
 * The gap of a rewritten follow-up ("What about the world cup? (about: statins …)"): what it
 * adds to its topic that no passage on the topic mentions, else the gap of the whole query.
 * Any other query: its gap (coverageGap).
 */
export async function followUpGap(
  query: string,
  passages: EvidenceText[],
  stats?: TermStatistics,
): Promise<CoverageGap | null> {
  const followUp = carriedTopicOf(query)
  const asked =
    followUp && stats && passages.length > 0
      ? await askedApart(followUp.asked, followUp.carried, passages, stats)
      : null
  return asked ?? coverageGap(query, passages, stats)
}

/**
 * The subject a rewritten follow-up turned to, when it left the earlier topic: no passage on
 * the topic mentions what it adds, and either that holds a word the library seldom uses (under
 * SPECIFIC_WORD_SHARE of its documents, or in a handful: "And what about oral semaglutide?"
 * after a question on tau) or the question has no pointer back to the topic. Null when it stays
 * on the topic, adds only common words to a question that leans on it ("Does it protect the
 * heart?"), which the topic's passages may say in other words, or is no follow-up.
 */
export async function subjectLeftTo(
  query: string,
  passages: EvidenceText[],
  stats?: TermStatistics,
): Promise<string | null> {
  if (!stats || stats.documents < MIN_DOCUMENTS_FOR_IDF) return null
  // Only a rewritten follow-up has an "asked" gap.
  const gap = await followUpGap(query, passages, stats)
  if (gap?.kind !== 'asked') return null
  // Carried only because its words name no subject ("What is the meaning of life?"), not by a
  // pointer back: what it adds is nowhere on the topic, so the topic is not what it asks about.
  const asked = carriedTopicOf(query)?.asked ?? ''
  if (!isFollowUp(asked)) return gap.word
  const seldom = (word: string) => {
    const term = termOf(word)
    const documents = term ? stats.documentFrequency(term) : stats.documents
    return (
      documents / stats.documents < SPECIFIC_WORD_SHARE || documents <= SPECIFIC_WORD_MAX_DOCUMENTS
    )
  }
  return wordsOf(gap.word).some(seldom) ? gap.word : null
}

/** The sentence that opens the answer to a follow-up searched alone (subjectLeftTo). */
export function subjectChangeNote(subject: string): string {
  return `Nothing found on the earlier question's topic mentions “${subject}”, so this answers it as a new question.`
}

/**
 * The sentence that opens an offline answer (of quotes, or of titles only) with a gap: what
 * the quotes or titles below do not cover.
 */
export function coverageGapNote(gap: CoverageGap, shown: 'quote' | 'title' = 'quote'): string {
  if (gap.kind === 'asked')
    return `None of the passages found on the earlier question's topic mentions “${gap.word}”; the ${shown}s below speak to that topic, not to what this question adds.`
  if (gap.kind === 'missing')
    return `None of the passages found mentions “${gap.word}”; the ${shown}s below speak only to the rest of the question.`
  const [a, b] = gap.words
  return `No passage found speaks of “${a}” and “${b}” together; each ${shown} below speaks to one of them, not to the two together.`
}
