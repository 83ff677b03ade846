// The relevance judgement: does the retrieved evidence address the question at all? Every
// capability asks this before answering, and abstains (cites nothing) when the answer is no.
import { contentTerms } from './terms'

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
export type TermStatisticsSource = (terms: string[], signal?: AbortSignal) => Promise<TermStatistics>

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

/** Placeholder threshold; grounding/tuning.ts will hold calibrated figures. */
const MIN_COVERAGE = 0.6

function coverage(queryTerms: Set<string>, passage: EvidencePassage): number {
  if (queryTerms.size === 0) return 0
  const terms = new Set(contentTerms(`${passage.title} ${passage.text}`))
  let hit = 0
  for (const term of queryTerms) if (terms.has(term)) hit += 1
  return hit / queryTerms.size
}

export function judgeRelevance(
  query: string,
  passages: EvidencePassage[],
  _stats?: TermStatistics,
): RelevanceJudgement {
  const queryTerms = new Set(contentTerms(query))
  const scores = passages.map((p) => coverage(queryTerms, p))
  const relevant = scores
    .map((score, index) => ({ score, index }))
    .filter((s) => s.score >= MIN_COVERAGE)
    .sort((a, b) => b.score - a.score)
    .map((s) => s.index)
  if (relevant.length > 0) return { relevant, scores, abstain: false }
  const reason =
    passages.length === 0
      ? 'nothing was found for this question'
      : 'the sources found do not address this question'
  return { relevant, scores, abstain: true, reason }
}
