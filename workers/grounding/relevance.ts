// The relevance judgement: does the retrieved evidence address the question at all? Every
// capability asks this before answering, and abstains (cites nothing) when the answer is no.
// The signal works in every mode: the share of the question's IDF weight that a passage
// contains (its rare, topical words count most), calibrated in tuning.ts.
import { contentTerms } from './terms'
import { MIN_PLAIN_COVERAGE, MIN_WEIGHTED_COVERAGE, RELATIVE_PASSAGE_FLOOR } from './tuning'

export interface EvidencePassage {
  title: string
  text: string
}

/** Corpus statistics that weigh rare query terms above common ones (IDF). */
export interface TermStatistics {
  documents: number
  documentFrequency(term: string): number
}

/** Loads statistics for the given terms (e.g. from the knowledge base's FTS index). */
export type TermStatisticsSource = (
  terms: string[],
  signal?: AbortSignal,
) => Promise<TermStatistics>

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

export function judgeRelevance(
  query: string,
  passages: EvidencePassage[],
  stats?: TermStatistics,
): RelevanceJudgement {
  const weights = termWeights(query, stats)
  const scores = coverageScores(weights, passages)
  const best = Math.max(0, ...scores)
  const bar = stats ? MIN_WEIGHTED_COVERAGE : MIN_PLAIN_COVERAGE
  if (passages.length === 0 || weights.size === 0 || best < bar) {
    const reason =
      passages.length === 0
        ? 'nothing was found for this question'
        : weights.size === 0
          ? 'the question names no topic to look up'
          : 'the sources found do not address this question'
    return { relevant: [], scores, abstain: true, reason }
  }
  const floor = Math.max(bar, best * RELATIVE_PASSAGE_FLOOR)
  const relevant = scores
    .map((score, index) => ({ score, index }))
    .filter((s) => s.score >= floor)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((s) => s.index)
  return { relevant, scores, abstain: false }
}
