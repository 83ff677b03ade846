// Stage 2a, the relevance judgement: only results that address the (standalone) question go
// on. With a model, the answer call judges (it abstains through its sentinel, no extra call)
// and word statistics only veto when none of the question's words occurs in any result.
// Offline, or when the model is down, the lexical judgement decides. When nothing addresses
// the question, the answer abstains: it says the sources do not cover it, cites nothing.
import {
  judgeForReader,
  judgeRelevance,
  type EvidencePassage,
  type TermStatistics,
} from '../grounding'
import { STATISTICS_UNAVAILABLE } from './fallbacks'
import type { AnswerDeps, AskState, StageFallback } from './types'

const STATISTICS_FALLBACK: StageFallback = {
  stage: 'relevance',
  reason: `${STATISTICS_UNAVAILABLE}; judged by plain word overlap`,
}

/** The judge's term statistics for `query` (cached per isolate), or the fallback that says they failed. */
export async function loadStats(
  query: string,
  deps: AnswerDeps,
  signal: AbortSignal,
): Promise<{ stats?: TermStatistics; fallback?: StageFallback }> {
  if (!deps.termStats) return {}
  try {
    return { stats: await deps.termStats(query, signal) }
  } catch (error) {
    if (signal.aborted) throw error
    return { fallback: STATISTICS_FALLBACK } // plain term overlap still judges
  }
}

export interface LexicalVerdict {
  /** Indexes of the passages that address the query, best first; empty: abstain. */
  relevant: number[]
  reason?: string
  fallbacks: StageFallback[]
}

/** The offline judge over any passages (search results, or the sources a model left unjudged). */
export async function judgeLexically(
  query: string,
  passages: EvidencePassage[],
  deps: AnswerDeps,
  signal: AbortSignal,
): Promise<LexicalVerdict> {
  const { stats, fallback } = await loadStats(query, deps, signal)
  const judgement = judgeRelevance(query, passages, stats)
  const fallbacks = fallback ? [fallback] : []
  if (judgement.abstain) {
    const reason = judgement.reason ?? 'the sources found do not address this question'
    return { relevant: [], reason, fallbacks }
  }
  return { relevant: judgement.relevant, fallbacks }
}

/** Whether the answer model will read the candidates (and so judge them). */
export const modelJudges = (state: AskState, deps: AnswerDeps) =>
  Boolean(deps.models && !state.modelDown)

const abstainWith = (state: AskState, reason: string): AskState => ({
  ...state,
  results: [],
  abstained: true,
  abstainReason: reason,
})

export async function judgeSources(
  state: AskState,
  deps: AnswerDeps,
  signal: AbortSignal,
): Promise<AskState> {
  if (state.searchError) {
    return { ...state, abstained: true, abstainReason: `search failed (${state.searchError})` }
  }
  const passages = state.results.map((r) => ({ title: r.title, text: r.snippet }))
  if (modelJudges(state, deps)) {
    const floor = judgeForReader(state.searchQuery, passages, undefined, true)
    return floor.abstain ? abstainWith(state, floor.reason ?? '') : state
  }
  const verdict = await judgeLexically(state.searchQuery, passages, deps, signal)
  const judged = { ...state, fallbacks: [...state.fallbacks, ...verdict.fallbacks] }
  if (verdict.relevant.length === 0) return abstainWith(judged, verdict.reason ?? '')
  const keep = new Set(verdict.relevant)
  return { ...judged, results: state.results.filter((_, i) => keep.has(i)) }
}
