// Stage 3, synthesize: the main model writes a concise answer citing the top sources as
// [n] (JSON {answer, citations, related_questions}, streamed); offline, or when the model
// fails, an extractive answer quotes the sources. Without sources it says why, not guesses.
import { createCitedStream, type CitedStream } from './cited-stream'
import { extractiveAnswer } from './extractive'
import { synthesizeWithModel } from './synthesize-model'
import type { AnswerDeps, AskState } from './types'

function noSourcesAnswer(state: AskState): string {
  if (state.searchError) {
    return (
      `Search failed (${state.searchError}), so I have no sources to answer from and will not ` +
      'guess. Please try again in a moment.'
    )
  }
  return (
    'I found no sources that address this question, so I will not guess. Try rephrasing it, ' +
    'or widen the search (for example by removing a domain or recency filter).'
  )
}

function writeExtractive(state: AskState, stream: CitedStream): void {
  for (const piece of extractiveAnswer(state.query, state.ranked)) stream.push(piece)
}

export async function synthesize(
  state: AskState,
  deps: AnswerDeps,
  signal: AbortSignal,
): Promise<AskState> {
  if (state.ranked.length === 0) {
    const answer = noSourcesAnswer(state)
    deps.emit({ type: 'token', text: answer })
    return { ...state, answer, cited: [] }
  }
  let stream = createCitedStream(state.ranked, deps.emit)
  let related: string[] = []
  let fellBack = !deps.models
  if (deps.models) {
    try {
      related = await synthesizeWithModel(state, deps.models.main, stream, signal)
    } catch (error) {
      if (signal.aborted) throw error
      fellBack = true
      // Partial model text is superseded: the final payload carries the extractive answer.
      stream = createCitedStream(state.ranked, deps.emit)
    }
  }
  if (fellBack) writeExtractive(state, stream)
  const { answer, cited } = stream.finish()
  return {
    ...state,
    answer,
    cited,
    relatedQuestions: related,
    fallbacks: fellBack ? [...state.fallbacks, 'synthesize'] : state.fallbacks,
  }
}
