// The relevance judgement: does the retrieved evidence address the question at all? Every
// capability asks this before answering, and abstains (cites nothing) when the answer is no.
// The signals work in every mode (no model needed): how much of the question's IDF weight a
// passage holds, saturated like BM25, and how specific the matched words are; calibrated in
// tuning.ts.
import { passageSignals } from './signals'
import { contentTerms } from './terms'
import {
  MIN_BM25_SHARE,
  MIN_DOCUMENTS_FOR_IDF,
  MIN_MATCHED_RARE_TERMS,
  MIN_PLAIN_COVERAGE,
  MIN_SENTENCE_RARE_TERMS,
  RELATIVE_PASSAGE_FLOOR,
} from './tuning'

export interface EvidencePassage {
  title: string
  text: string
}

/** Corpus statistics that weigh rare query terms above common ones (IDF). */
export interface TermStatistics {
  documents: number
  documentFrequency(term: string): number
}

/**
 * Loads statistics for the content terms of a text (e.g. from the knowledge base's FTS index).
 * It takes the text, not its terms: a stem cannot always be looked up as itself.
 */
export type TermStatisticsSource = (text: string, signal?: AbortSignal) => Promise<TermStatistics>

export interface RelevanceJudgement {
  /** Indexes (into the passages given) of those that address the query, best first. */
  relevant: number[]
  /** One score in [0, 1] per passage given. */
  scores: number[]
  /** True when no passage addresses the query: answer that the sources do not cover it. */
  abstain: boolean
  /** Why it abstained, short enough to show a user. */
  reason?: string
}

/** Robertson-Sparck Jones IDF; a term the corpus never uses is as rare as can be. */
export function idf(df: number, documents: number): number {
  return Math.log(1 + (documents - df + 0.5) / (df + 0.5))
}

/** Weight of each distinct query term: IDF with statistics, 1 without. */
export function termWeights(query: string, stats?: TermStatistics): Map<string, number> {
  const weights = new Map<string, number>()
  for (const term of contentTerms(query)) {
    if (weights.has(term)) continue
    const n = stats ? Math.max(stats.documents, 1) : 0
    weights.set(term, stats ? idf(stats.documentFrequency(term), n) : 1)
  }
  return weights
}

/** Share of the query's term weight that each passage (title and text) contains. */
export function coverageScores(
  weights: Map<string, number>,
  passages: EvidencePassage[],
): number[] {
  const total = [...weights.values()].reduce((a, b) => a + b, 0)
  return passages.map((passage) => {
    if (total <= 0) return 0
    const terms = new Set(contentTerms(`${passage.title} ${passage.text}`))
    let hit = 0
    for (const [term, weight] of weights) if (terms.has(term)) hit += weight
    return hit / total
  })
}

/** IDF of a term found in a single passage: the unit the matched-weight bar is counted in. */
function rarestIdf(stats: TermStatistics): number {
  return idf(1, Math.max(stats.documents, 2))
}

/** Query weight a passage contains (the IDF mass of the query terms it matches). */
function matchedWeight(weights: Map<string, number>, passage: EvidencePassage): number {
  const terms = new Set(contentTerms(`${passage.title} ${passage.text}`))
  let hit = 0
  for (const [term, weight] of weights) if (terms.has(term)) hit += weight
  return hit
}

function abstention(scores: number[], reason: string): RelevanceJudgement {
  return { relevant: [], scores, abstain: true, reason }
}

/**
 * With corpus statistics: a passage addresses the query when its saturated BM25 reaches
 * MIN_BM25_SHARE of the query's ceiling AND the query weight it matches is worth at least
 * MIN_MATCHED_RARE_TERMS terms found in a single passage (common words alone do not count)
 * AND one sentence (or the title) holds MIN_SENTENCE_RARE_TERMS of such weight on its own.
 * Without statistics: plain term coverage. Thresholds and their figures: tuning.ts.
 */
export function judgeRelevance(
  query: string,
  passages: EvidencePassage[],
  stats?: TermStatistics,
): RelevanceJudgement {
  const useStats = stats && stats.documents >= MIN_DOCUMENTS_FOR_IDF ? stats : undefined
  const weights = termWeights(query, useStats)
  if (passages.length === 0) return abstention([], 'nothing was found for this question')
  if (weights.size === 0)
    return abstention(
      passages.map(() => 0),
      'the question names no topic to look up',
    )
  const signals = useStats ? passages.map((p) => passageSignals(weights, p)) : []
  const scores = useStats ? signals.map((s) => s.bm25) : coverageScores(weights, passages)
  const bar = useStats ? MIN_BM25_SHARE : MIN_PLAIN_COVERAGE
  const unit = useStats ? rarestIdf(useStats) : 0
  const total = [...weights.values()].reduce((a, b) => a + b, 0)
  // The question's specific words must also meet in one sentence (or the title): words the
  // passage only uses apart ("human capital" here, "Australia" there) do not address it.
  const sentenceWeight = (i: number) => (signals[i]?.sentence ?? 0) * total
  const addresses = (i: number) =>
    (scores[i] ?? 0) >= bar &&
    matchedWeight(weights, passages[i] as EvidencePassage) >= MIN_MATCHED_RARE_TERMS * unit &&
    sentenceWeight(i) >= MIN_SENTENCE_RARE_TERMS * unit
  const best = Math.max(0, ...scores.filter((_, i) => addresses(i)))
  if (best === 0) return abstention(scores, 'the sources found do not address this question')
  const floor = Math.max(bar, best * RELATIVE_PASSAGE_FLOOR)
  const relevant = scores
    .map((score, index) => ({ score, index }))
    .filter((s) => s.score >= floor && addresses(s.index))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((s) => s.index)
  return { relevant, scores, abstain: false }
}
