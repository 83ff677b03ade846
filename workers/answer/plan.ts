// Stage 0, plan: greetings are small talk (no search); otherwise the question becomes a
// standalone search query. A first question is searched as asked, with no model call: the
// answer call is the first and only one before the first word. A follow-up makes one fast
// call (the shared planning prompt: the rewrite plus the retrieval plan); offline, or when
// that call fails, the grounding core rewrites it.
import {
  isSmallTalk,
  leansOnNothingFound,
  NO_SUBJECT_REASON,
  pointsToNothingSaid,
  rewriteFollowUp,
  respellQuery,
  rewriteWords,
  type TermStatistics,
  UNSAID_SUBJECT_REASON,
  withoutPreamble,
} from '../grounding'
import { planSearchWithModel } from '../retrieval'
import { withDeadline } from './abort'
import { announceFallback, fallbackReason, STATISTICS_UNAVAILABLE, withFallback } from './fallbacks'
import type { AnswerDeps, AskState } from './types'

export const PLAN_TIMEOUT_MS = 8000

/**
 * The corpus statistics of the conversation's words, so the rewrite carries the topic's rarest
 * words; without them it guesses from the words' shape, and the fallback says so.
 */
async function conversationStats(
  state: AskState,
  deps: AnswerDeps,
  signal: AbortSignal,
): Promise<{ state: AskState; stats?: TermStatistics }> {
  if (!deps.termStats) return { state }
  try {
    return { state, stats: await deps.termStats(rewriteWords(state.query, state.history), signal) }
  } catch (error) {
    if (signal.aborted) throw error
    const reason = `${STATISTICS_UNAVAILABLE}; topic words chosen by their shape`
    return { state: { ...state, fallbacks: [...state.fallbacks, { stage: 'rewrite', reason }] } }
  }
}

/**
 * A first question is searched as asked. Offline, one that points back to something never said
 * and names no subject ("Were the results significant?") abstains instead: word statistics
 * would answer it from any paper using its common words. With a model, the answer call judges.
 */
function firstQuestion(state: AskState, deps: AnswerDeps): AskState {
  const asked = { ...state, searchQuery: withoutPreamble(state.query) }
  return !deps.models && pointsToNothingSaid(state.query)
    ? { ...asked, abstained: true, abstainReason: UNSAID_SUBJECT_REASON }
    : asked
}

/** Whether planning will call the model for this state (a follow-up, with a model up). */
export function plansWithModel(state: AskState, deps: AnswerDeps): boolean {
  return Boolean(deps.models && !state.modelDown && state.history.length > 0)
}

/**
 * The search query with each word the library never uses read as its nearest index term
 * ("transgultaminase" as "transglutaminase"); the payload's search_query shows it. Only the
 * library is respelt: a web search engine spells for itself.
 */
async function respellSearch(
  state: AskState,
  deps: AnswerDeps,
  signal: AbortSignal,
): Promise<AskState> {
  const { termStats, spelling } = deps
  if (!termStats || !spelling || deps.webSearchConfigured) return state
  try {
    const searchQuery = await respellQuery(state.searchQuery, {
      ...spelling,
      stats: (text) => termStats(text, signal),
    })
    return { ...state, searchQuery }
  } catch (error) {
    if (signal.aborted) throw error
    return withFallback(
      state,
      'spelling',
      "the library's words could not be read; searched as written",
    )
  }
}

export async function planQuestion(
  state: AskState,
  deps: AnswerDeps,
  signal: AbortSignal,
): Promise<AskState> {
  const planned = await planSearch(state, deps, signal)
  return planned.smallTalk || planned.abstained ? planned : respellSearch(planned, deps, signal)
}

async function planSearch(
  state: AskState,
  deps: AnswerDeps,
  signal: AbortSignal,
): Promise<AskState> {
  if (isSmallTalk(state.query)) return { ...state, smallTalk: true }
  if (state.history.length === 0) return firstQuestion(state, deps)
  if (deps.models && plansWithModel(state, deps)) {
    const deadline = withDeadline(signal, deps.timeouts?.planMs ?? PLAN_TIMEOUT_MS)
    try {
      const planned = await planSearchWithModel(
        deps.models.fast,
        state.query,
        state.history,
        deadline,
      )
      const plan = { task: planned.task, variations: planned.variations }
      return { ...state, searchQuery: planned.query, plan }
    } catch (error) {
      if (signal.aborted) throw error
      const reason = fallbackReason(error, deadline)
      announceFallback(deps, 'plan', `The model could not rewrite the follow-up (${reason}).`)
      state = withFallback(state, 'plan', reason)
    }
  }
  const { state: next, stats } = await conversationStats(state, deps, signal)
  if (leansOnNothingFound(state.query, state.history, { stats }))
    return { ...next, abstained: true, abstainReason: NO_SUBJECT_REASON }
  return { ...next, searchQuery: rewriteFollowUp(state.query, state.history, { stats }) }
}
