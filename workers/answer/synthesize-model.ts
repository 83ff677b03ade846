// The model half of synthesize: streams the model's JSON, surfacing the `answer` field as it
// is written, then reads the whole reply for the related questions.
import { parseModelJson, type ChatModel } from '../llm'
import { ProviderError } from '../errors'
import type { CitedStream } from './cited-stream'
import { createJsonFieldStream } from './json-field-stream'
import { synthesisJsonSchema, synthesisMessages } from './prompts'
import { synthesisSchema } from './schemas'
import type { AskState } from './types'

const TEMPERATURE = 0.2
const MAX_TOKENS = 1200

/** Writes the answer into `stream`; returns the model's related questions (maybe none). */
export async function synthesizeWithModel(
  state: AskState,
  model: ChatModel,
  stream: CitedStream,
  signal: AbortSignal,
): Promise<string[]> {
  const request = {
    messages: synthesisMessages(state.query, state.history, state.ranked),
    temperature: TEMPERATURE,
    maxTokens: MAX_TOKENS,
    jsonSchema: synthesisJsonSchema,
  }
  const field = createJsonFieldStream('answer')
  let raw = ''
  for await (const delta of model.stream(request, signal)) {
    if (delta.type !== 'text') continue
    raw += delta.text
    const text = field.push(delta.text)
    if (text) stream.push(text)
  }
  const parsed = parseModelJson(raw, { schema: synthesisSchema }).value
  if (!field.value) {
    // Not the JSON we asked for: the parsed answer if the repair found one, else the raw
    // text itself (it still passes the citation check).
    const answer = parsed?.answer ?? raw.trim()
    if (!answer) throw new ProviderError(model.model, 'the model returned an empty answer')
    stream.push(answer)
  }
  return (parsed?.related_questions ?? []).map((q) => q.trim()).filter(Boolean)
}
