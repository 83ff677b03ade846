// Stage 3, synthesize: the main model writes a concise answer citing the top sources as [n],
// streamed as plain text; offline, or when the model fails, an extractive answer quotes the
// sources (and the fallback is recorded). Without relevant sources it abstains, citing nothing.
import { askAbstention, smallTalkReply } from '../grounding'
import { createCitedStream } from './cited-stream'
import { extractiveAnswer } from './extractive'
import { announceFallback, fallbackReason, withFallback } from './fallbacks'
import { synthesizeWithModel } from './synthesize-model'
import type { AnswerDeps, AskState } from './types'

const QUOTING = 'Quoting the passages that answer it instead…'

export const NOT_COVERED_REASON = 'the sources found do not address this question'

/** The abstention offers only what this request can change (a filter it set, other words). */
function abstentionText(state: AskState, deps: AnswerDeps): string {
  const { options } = state
  const library =
    options.search_mode === 'corpus' ||
    (options.search_mode !== 'academic' && deps.webSearch.name === 'corpus')
  return askAbstention({
    searchFailed: state.searchError,
    domainFilter: (options.search_domain_filter?.length ?? 0) > 0,
    recencyFilter: options.search_recency_filter !== undefined,
    libraryOnly: library,
  })
}

/** A reply that cites nothing: small talk or an abstention. */
function sayOnly(state: AskState, deps: AnswerDeps, answer: string): AskState {
  deps.emit({ type: 'token', text: answer })
  return { ...state, answer, cited: [], ranked: [] }
}

function abstain(state: AskState, deps: AnswerDeps, reason: string): AskState {
  const next = { ...state, abstained: true, abstainReason: reason }
  return sayOnly(next, deps, abstentionText(next, deps))
}


export async function synthesize(
  state: AskState,
  deps: AnswerDeps,
  signal: AbortSignal,
): Promise<AskState> {
  if (state.smallTalk) return sayOnly(state, deps, smallTalkReply(state.query))
  if (state.abstained || state.ranked.length === 0) {
    return abstain(state, deps, state.abstainReason ?? NOT_COVERED_REASON)
  }
  let stream = createCitedStream(state.ranked, deps.emit)
  if (deps.models && state.modelDown) {
    state = withFallback(state, 'synthesize', state.modelDown)
    announceFallback(
      deps,
      'synthesize',
      `The model is not available (${state.modelDown}). ${QUOTING}`,
    )
  } else if (deps.models) {
    try {
      const model = deps.models.main
      const { abstained } = await synthesizeWithModel(state, model, stream, signal)
      if (abstained) return { ...abstain(state, deps, NOT_COVERED_REASON), answeredBy: model.model }
      const { answer, cited } = stream.finish()
      return { ...state, answer, cited, answeredBy: model.model }
    } catch (error) {
      if (signal.aborted) throw error
      const reason = fallbackReason(error)
      state = withFallback(state, 'synthesize', reason)
      announceFallback(deps, 'synthesize', `The model failed (${reason}). ${QUOTING}`)
      // Partial model text is superseded: the final payload carries the extractive answer.
      stream = createCitedStream(state.ranked, deps.emit)
    }
  }
  const pieces = extractiveAnswer(state.searchQuery, state.ranked)
  // No sentence of the evidence can be quoted on its own: nothing to answer with.
  if (pieces.length === 0) return abstain(state, deps, NOT_COVERED_REASON)
  for (const piece of pieces) stream.push(piece)
  const { answer, cited } = stream.finish()
  return { ...state, answer, cited, answeredBy: null }
}
