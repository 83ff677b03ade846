// Stage 0, plan: greetings are small talk (no search); otherwise the question becomes a
// standalone search query. With a model that is the one fast call before the answer (it also
// plans retrieval); offline, or when that call fails, the grounding core rewrites follow-ups.
import { isSmallTalk, rewriteFollowUp } from '../grounding'
import { withDeadline } from './abort'
import { announceFallback, fallbackReason, withFallback } from './fallbacks'
import { planSearch } from './plan-model'
import type { AnswerDeps, AskState } from './types'

export const PLAN_TIMEOUT_MS = 8000

export async function planQuestion(
  state: AskState,
  deps: AnswerDeps,
  signal: AbortSignal,
): Promise<AskState> {
  if (isSmallTalk(state.query)) return { ...state, smallTalk: true }
  if (deps.models && !state.modelDown) {
    const deadline = withDeadline(signal, deps.timeouts?.planMs ?? PLAN_TIMEOUT_MS)
    try {
      const { query, plan } = await planSearch(
        deps.models.fast,
        state.query,
        state.history,
        deadline,
      )
      return { ...state, searchQuery: query, plan }
    } catch (error) {
      if (signal.aborted) throw error
      const reason = fallbackReason(error, deadline)
      announceFallback(deps, 'plan', `The model could not plan the search (${reason}).`)
      // An empty plan still stops the corpus retriever from asking the model again.
      state = { ...withFallback(state, 'plan', reason), plan: {} }
    }
  }
  return { ...state, searchQuery: rewriteFollowUp(state.query, state.history) }
}
