// The model half of synthesize: the main model's plain-text answer streamed token by token
// through the citation check. Its opening is held back until it is clear it is not the
// "no relevant sources" sentinel, so an abstention costs no extra call and shows no text.
import { ProviderError } from '../errors'
import { createSentinelGate } from '../grounding'
import type { ChatModel } from '../llm'
import type { CitedStream } from './cited-stream'
import { NO_ANSWER_SENTINEL, synthesisMessages } from './prompts'
import type { AskState } from './types'

const TEMPERATURE = 0.2
export const MAX_ANSWER_TOKENS = 1200

/** Writes the answer into `stream`; `abstained` when the model said no source addresses it. */
export async function synthesizeWithModel(
  state: AskState,
  model: ChatModel,
  stream: CitedStream,
  signal: AbortSignal,
): Promise<{ abstained: boolean }> {
  const request = {
    messages: synthesisMessages({
      query: state.query,
      searchQuery: state.searchQuery,
      history: state.history,
      sources: state.ranked,
      instructions: state.instructions,
    }),
    temperature: TEMPERATURE,
    maxTokens: Math.min(state.maxTokens ?? MAX_ANSWER_TOKENS, MAX_ANSWER_TOKENS),
  }
  const gate = createSentinelGate(NO_ANSWER_SENTINEL)
  let written = 0
  for await (const delta of model.stream(request, signal)) {
    if (delta.type === 'finish' && delta.reason === 'aborted')
      throw signal.reason ?? new DOMException('Aborted', 'AbortError')
    if (delta.type !== 'text') continue
    const text = gate.push(delta.text)
    written += text.length
    if (text) stream.push(text)
    // Leaving the loop closes the model's stream: nothing after the sentinel matters.
    if (gate.matched) return { abstained: true }
  }
  const rest = gate.flush()
  if (gate.matched) return { abstained: true }
  if (!(written + rest.trim().length)) {
    throw new ProviderError(model.model, 'the model returned an empty answer')
  }
  if (rest) stream.push(rest)
  return { abstained: false }
}
