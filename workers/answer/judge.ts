// Stage 2a, the relevance judgement: only results that address the (standalone) question go
// on. When none does, the answer abstains: it says the sources do not cover it, cites nothing.
import { judgeRelevance, type TermStatistics } from '../grounding'
import type { AnswerDeps, AskState } from './types'

async function loadStats(
  query: string,
  deps: AnswerDeps,
  signal: AbortSignal,
): Promise<TermStatistics | undefined> {
  if (!deps.termStats) return undefined
  try {
    return await deps.termStats(query, signal)
  } catch (error) {
    if (signal.aborted) throw error
    return undefined // plain term overlap still judges
  }
}

export async function judgeSources(
  state: AskState,
  deps: AnswerDeps,
  signal: AbortSignal,
): Promise<AskState> {
  if (state.searchError) {
    return { ...state, abstained: true, abstainReason: `search failed (${state.searchError})` }
  }
  const passages = state.results.map((r) => ({ title: r.title, text: r.snippet }))
  const stats = await loadStats(state.searchQuery, deps, signal)
  const judgement = judgeRelevance(state.searchQuery, passages, stats)
  if (judgement.abstain) {
    const reason = judgement.reason ?? 'the sources found do not address this question'
    return { ...state, results: [], abstained: true, abstainReason: reason }
  }
  const keep = new Set(judgement.relevant)
  return { ...state, results: state.results.filter((_, i) => keep.has(i)) }
}
