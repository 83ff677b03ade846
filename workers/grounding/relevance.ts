// The relevance judgement: does the retrieved evidence address the question at all? Every
// capability asks this before answering, and abstains (cites nothing) when the answer is no.
// It works in every mode (no model needed): with corpus statistics, a fitted model over
// query-performance signals (query-signals.ts) gives the probability that the corpus covers
// the question, on one scale for a one-word topic and a long claim; the passages that hold
// the question's words together are then the evidence. Calibrated in tuning.ts.
import { absentSubject, coverageGap, subjectsOf } from './coverage-gap'
import { isFamiliarWord } from './familiar'
import { querySignals, relevanceProbability } from './query-signals'
import { carriedTopicOf, withCarried } from './rewrite'
import { passageSignals, type EvidenceText } from './signals'
import { coverageScores, termWeights, type TermStatistics } from './term-weights'
import { termOf, wordsOf } from './terms'
import {
  ABSENT_SUBJECT_SHARE,
  MIN_DOCUMENTS_FOR_IDF,
  MIN_PLAIN_COVERAGE,
  RELATIVE_PASSAGE_FLOOR,
  RELATIVE_SENTENCE_FLOOR,
  RELEVANCE_BAR,
  SUBJECT_SHARE,
  TOPIC_NAME_MAX_TERMS,
  WHOLE_QUESTION_MIN_TERMS,
} from './tuning'

/** A retrieved passage as the judgement reads it (title and evidence text). */
export type EvidencePassage = EvidenceText

export interface RelevanceJudgement {
  /** Indexes (into the passages given) of those that address the query, best first. */
  relevant: number[]
  /** One score in [0, 1] per passage given. */
  scores: number[]
  /** True when no passage addresses the query: answer that the sources do not cover it. */
  abstain: boolean
  /** Why it abstained, short enough to show a user. */
  reason?: string
  /**
   * With corpus statistics: the fitted probability that the corpus covers the question (the
   * answer/abstain decision compares it with RELEVANCE_BAR). Absent without statistics.
   */
  probability?: number
}

function abstention(scores: number[], reason: string, probability?: number): RelevanceJudgement {
  return {
    relevant: [],
    scores,
    abstain: true,
    reason,
    ...(probability === undefined ? {} : { probability }),
  }
}

const NOT_ADDRESSED = 'the sources found do not address this question'

/** Indexes of the passages scoring at least `floor`, best first. */
function atLeast(scores: number[], floor: number): number[] {
  return scores
    .map((score, index) => ({ score, index }))
    .filter((s) => s.score > 0 && s.score >= floor)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((s) => s.index)
}

/** Without usable statistics every word weighs the same: plain coverage of one passage. */
function judgeByCoverage(weights: Map<string, number>, passages: EvidencePassage[]) {
  const scores = coverageScores(weights, passages)
  const best = Math.max(0, ...scores)
  if (best < MIN_PLAIN_COVERAGE) return abstention(scores, NOT_ADDRESSED)
  const floor = Math.max(MIN_PLAIN_COVERAGE, best * RELATIVE_PASSAGE_FLOOR)
  return { relevant: atLeast(scores, floor), scores, abstain: false }
}

/**
 * Of `indexes`, the passages holding every subject of a short question (subjectsOf) in one
 * sentence or the title; empty when it names fewer than two. "effects of microbiome on
 * obesity": once a source holds both, one on the microbiome alone speaks to half of it.
 */
function holdingEverySubject(
  query: string,
  stats: TermStatistics,
  indexes: number[],
  passages: EvidencePassage[],
): number[] {
  const { subjects, terms } = subjectsOf(query, stats, SUBJECT_SHARE)
  if (terms > TOPIC_NAME_MAX_TERMS || subjects.length < 2) return []
  const weights = new Map(subjects.map((s) => [s.term, s.share]))
  return indexes.filter((i) => {
    const passage = passages[i]
    return passage !== undefined && passageSignals(weights, passage).sentence >= 1 - 1e-9
  })
}

/**
 * Why the evidence does not answer: a short question's two subjects are in none of `indexes`
 * together, not even sentences apart; null when they are.
 */
function subjectsApart(
  query: string,
  indexes: number[],
  passages: EvidencePassage[],
  stats: TermStatistics,
): string | null {
  const evidence = indexes.flatMap((i) => passages[i] ?? [])
  const gap = coverageGap(query, evidence, stats)
  if (gap?.kind !== 'apart' || gap.within !== 'sentence' || gap.sharedPassage) return null
  const [a, b] = gap.words
  return `no source found speaks of “${a}” and “${b}” together`
}

/** A word naming something (not an everyday word) that no document of the library uses. */
function neverUsed(word: string, stats: TermStatistics): boolean {
  const term = termOf(word)
  return term.length > 1 && !isFamiliarWord(word) && stats.documentFrequency(term) === 0
}

/**
 * A rewritten follow-up without the carried words the library never uses ("400mg" carried
 * from "Taking 400mg of vitamin E…"): they found nothing when first asked, so they cannot
 * count against the follow-up as words no passage holds. Search still sends them.
 */
function withoutUnusedCarried(query: string, stats: TermStatistics): string {
  const followUp = carriedTopicOf(query)
  if (!followUp) return query
  const kept = wordsOf(followUp.carried).filter((word) => {
    const term = termOf(word)
    return !term || stats.documentFrequency(term) > 0
  })
  return kept.length > 0 ? withCarried(followUp.asked, kept.join(' ')) : query
}

/**
 * With corpus statistics: answer when the fitted probability that the corpus covers the
 * question reaches RELEVANCE_BAR; the evidence is then the passages whose saturated BM25 is
 * within RELATIVE_PASSAGE_FLOOR of the best and whose words meet in one sentence (or the
 * title): its best sentence holds at least RELATIVE_SENTENCE_FLOOR of what the best such
 * sentence holds, so words used apart ("human capital" here, "Australia" there) do not count
 * and a passage that meets the question in one word beside one that meets it in five is not
 * cited as its equal. Without statistics: plain term coverage. One sentence holding the whole
 * question answers whatever the model says (WHOLE_QUESTION_MIN_TERMS); a question of a few
 * words names a topic, and once a sentence holds all of it, or all of its subjects, only
 * sources holding as much are cited (TOPIC_NAME_MAX_TERMS). Thresholds and figures: tuning.ts.
 */
export function judgeRelevance(
  asked: string,
  passages: EvidencePassage[],
  stats?: TermStatistics,
): RelevanceJudgement {
  const useStats = stats && stats.documents >= MIN_DOCUMENTS_FOR_IDF ? stats : undefined
  const query = useStats ? withoutUnusedCarried(asked, useStats) : asked
  const weights = termWeights(query, useStats)
  if (passages.length === 0) return abstention([], 'nothing was found for this question')
  if (weights.size === 0)
    return abstention(
      passages.map(() => 0),
      'the question names no topic to look up',
    )
  if (!useStats) return judgeByCoverage(weights, passages)
  // A rewritten follow-up's own words are everyday by nature ("what about in children?"):
  // only its carried topic's count against it.
  const followUp = carriedTopicOf(query)
  const signals = querySignals(query, passages, useStats, followUp?.carried)
  const scores = signals.passages.map((s) => s.bm25)
  // What a follow-up adds, in a word the library never uses ("the best smartphone to buy"):
  // nothing on the earlier topic speaks to it.
  const unheard = followUp ? wordsOf(followUp.asked).find((w) => neverUsed(w, useStats)) : undefined
  if (unheard) return abstention(scores, `no source found mentions “${unheard}”`)
  const probability = relevanceProbability(signals.query)
  const wholeQuestionMet =
    weights.size >= WHOLE_QUESTION_MIN_TERMS && signals.query.sentence >= 1 - 1e-9
  if (probability < RELEVANCE_BAR && !wholeQuestionMet)
    return abstention(scores, NOT_ADDRESSED, probability)
  // The word carrying about half the question ("sauna" in "Does sauna use lower the risk of
  // dementia?") in none of the passages: they speak to the rest of it, not to it.
  const absent = absentSubject(query, passages, ABSENT_SUBJECT_SHARE, useStats)
  if (absent) return abstention(scores, `no source found mentions “${absent}”`, probability)
  const candidates = atLeast(scores, Math.max(...scores) * RELATIVE_PASSAGE_FLOOR)
  const sentenceOf = (i: number) => signals.passages[i]?.sentence ?? 0
  const bestSentence = Math.max(0, ...candidates.map(sentenceOf))
  // A short question names a topic ("cell death"): once a source holds all of it in one
  // sentence, one holding part of it ("sudden infant death") is about something else.
  const floor =
    weights.size <= TOPIC_NAME_MAX_TERMS && bestSentence >= 1 - 1e-9
      ? bestSentence
      : RELATIVE_SENTENCE_FLOOR * bestSentence
  const relevant = candidates.filter((i) => sentenceOf(i) >= floor - 1e-9)
  if (relevant.length === 0) return abstention(scores, NOT_ADDRESSED, probability)
  // Two subjects the evidence only holds apart ("meditation" here, "inflammation" there): it
  // speaks of each, not of how they meet, which is what the question asks. A follow-up's
  // subjects are split between its topic and what it adds: followUpGap reads those.
  const apart = followUp ? null : subjectsApart(query, relevant, passages, useStats)
  if (apart) return abstention(scores, apart, probability)
  // A follow-up's subjects are split between its topic and what it asks of it: followUpGap
  // weighs what it adds against the passages on the topic.
  const together = followUp ? [] : holdingEverySubject(query, useStats, relevant, passages)
  if (together.length > 0) return { relevant: together, scores, abstain: false, probability }
  return { relevant, scores, abstain: false, probability }
}
