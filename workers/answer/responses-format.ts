// Shapes an answer as an OpenAI `response` object: one assistant `message` whose `output_text`
// carries the answer and a url_citation per [n] marker, Responses-named usage, and Quire's
// `quire` field (mode, fallbacks, sources). Types come from the openai package, type-only.
import type {
  Response as OpenAiResponse,
  ResponseOutputMessage,
} from 'openai/resources/responses/responses'
import { answerCitations, linkedSources, quireExtension } from './openai-format'
import type { ResponseRequest } from './responses-schemas'
import type { AnswerPayload } from './types'
import type { UsageMeter } from './usage-meter'

export interface ResponseMeta {
  id: string
  itemId: string
  model: string
  /** Unix seconds. */
  createdAt: number
  request: ResponseRequest
  origin: string
  meter: UsageMeter
  now: () => number
}

/** The response before its answer: what response.created and response.in_progress carry. */
export function pendingResponse(meta: ResponseMeta) {
  const { request } = meta
  return {
    id: meta.id,
    object: 'response' as const,
    created_at: meta.createdAt,
    status: 'in_progress' as OpenAiResponse['status'],
    error: null as OpenAiResponse['error'],
    incomplete_details: null,
    instructions: request.instructions ?? null,
    max_output_tokens: request.max_output_tokens ?? null,
    model: meta.model,
    output: [] as ResponseOutputMessage[],
    parallel_tool_calls: false,
    previous_response_id: request.previous_response_id ?? null,
    store: request.store ?? true,
    temperature: null,
    top_p: null,
    tool_choice: 'none' as const,
    tools: [],
    text: { format: { type: 'text' as const } },
    truncation: 'disabled' as const,
    metadata: request.metadata ?? {},
    background: false,
    usage: null as OpenAiResponse['usage'] | null,
  }
}

export function outputMessage(
  meta: ResponseMeta,
  payload: AnswerPayload | null,
): ResponseOutputMessage {
  if (!payload)
    return {
      id: meta.itemId,
      type: 'message',
      role: 'assistant',
      status: 'in_progress',
      content: [],
    }
  const sources = linkedSources(payload, meta.origin)
  const annotations = answerCitations(payload, payload.answer, sources).map((c) => ({
    type: 'url_citation' as const,
    ...c,
  }))
  const text = { type: 'output_text' as const, text: payload.answer, annotations, logprobs: [] }
  return {
    id: meta.itemId,
    type: 'message',
    role: 'assistant',
    status: 'completed',
    content: [text],
  }
}

export function completedResponse(meta: ResponseMeta, payload: AnswerPayload) {
  const usage = meta.meter.usage()
  const sources = linkedSources(payload, meta.origin)
  return {
    ...pendingResponse(meta),
    status: 'completed' as const,
    completed_at: Math.floor(meta.now() / 1000),
    output: [outputMessage(meta, payload)],
    usage: {
      input_tokens: usage.prompt_tokens,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: usage.completion_tokens,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: usage.total_tokens,
    },
    quire: {
      ...quireExtension(payload, meta.meter),
      sources: sources.map(({ number, title, url, date }) => ({
        number,
        title,
        url: url ?? '',
        ...(date ? { date } : {}),
      })),
      related_questions: payload.related_questions,
    },
  }
}

export type CompletedResponse = ReturnType<typeof completedResponse>

export function failedResponse(meta: ResponseMeta, message: string) {
  return {
    ...pendingResponse(meta),
    status: 'failed' as const,
    error: { code: 'server_error' as const, message },
    output: [outputMessage(meta, null)],
  }
}
