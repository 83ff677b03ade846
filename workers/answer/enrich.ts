// Stage 4, after the answer: preview images and related questions, side by side. Neither
// holds up the answer; a failure of either only loses (or falls back for) that part.
import { withDeadline } from './abort'
import { enrichImages, needsFetch } from './enrich-images'
import { fallbackReason, STATISTICS_UNAVAILABLE, withFallback } from './fallbacks'
import { relatedQuestions } from './related'
import { suggestWithModel } from './related-model'
import type { TermStatistics } from '../grounding'
import type { AnswerDeps, AskState } from './types'

export const RELATED_TIMEOUT_MS = 6000

const STATISTICS_FAILED = `${STATISTICS_UNAVAILABLE}; topic named by word counts alone`

const hasAnswer = (state: AskState) =>
  !state.smallTalk && !state.abstained && state.ranked.length > 0
const usesModel = (state: AskState, deps: AnswerDeps) => Boolean(deps.models && !state.modelDown)

/** The status line for what this stage will really do; null when it does nothing visible. */
export function enrichMessage(state: AskState, deps: AnswerDeps): string | null {
  if (!hasAnswer(state)) return null
  const parts: string[] = []
  if (state.ranked.some(needsFetch)) parts.push('looking for preview images')
  if (usesModel(state, deps)) parts.push('suggesting follow-up questions')
  if (parts.length === 0) return null
  const text = parts.join(' and ')
  return `${text[0]?.toUpperCase()}${text.slice(1)}…`
}

async function suggest(state: AskState, deps: AnswerDeps, signal: AbortSignal): Promise<AskState> {
  let fromModel: string[] = []
  if (deps.models && state.modelDown)
    state = withFallback(state, 'related_questions', state.modelDown)
  else if (deps.models) {
    const deadline = withDeadline(signal, deps.timeouts?.relatedMs ?? RELATED_TIMEOUT_MS)
    try {
      const input = { query: state.query, answer: state.answer, sources: state.ranked }
      fromModel = await suggestWithModel(deps.models.fast, input, deadline)
    } catch (error) {
      if (signal.aborted) throw error
      state = withFallback(state, 'related_questions', fallbackReason(error, deadline))
    }
  }
  let stats: TermStatistics | undefined
  if (fromModel.length === 0 && deps.termStats) {
    try {
      stats = await deps.termStats(state.searchQuery, signal) // cached per isolate
    } catch (error) {
      if (signal.aborted) throw error
      // Listed once: the judge's own load usually failed already and says so.
      if (!state.fallbacks.some((f) => f.reason.startsWith(STATISTICS_UNAVAILABLE)))
        state = withFallback(state, 'related_questions', STATISTICS_FAILED)
    }
  }
  // Named from what the answer stands on: a listed source it did not quote (the "CUP" cancers
  // beside papers on statins) would put its word in a suggestion no source supports.
  const cited = state.ranked.filter((source) => state.cited.includes(source.rank))
  const sources = cited.length > 0 ? cited : state.ranked
  const related = relatedQuestions(state.query, fromModel, sources, state.searchQuery, stats)
  return { ...state, relatedQuestions: related }
}

export async function enrichAnswer(
  state: AskState,
  deps: AnswerDeps,
  signal: AbortSignal,
): Promise<AskState> {
  if (!hasAnswer(state)) return { ...state, relatedQuestions: [] }
  const [withImages, withRelated] = await Promise.all([
    enrichImages(state, deps, signal).catch((error: unknown) => {
      if (signal.aborted) throw error
      return state // a failed image fetch only loses the image
    }),
    suggest(state, deps, signal),
  ])
  return { ...withRelated, images: withImages.images }
}
