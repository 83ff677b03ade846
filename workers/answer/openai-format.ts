// Shapes an answer for OpenAI-compatible clients: the whole chat.completion with Sonar-style
// citations, usage estimates, and absolute URLs for knowledge-base sources.
import {
  atBlock,
  buildChatCompletion,
  type CompletionMeta,
  type Packet,
  type PacketBody,
} from '../stream'
import { ANSWER_BLOCK } from './answer'
import type { ChatCompletionRequest } from './openai-schemas'
import { toSourceRefs } from './source-refs'
import { absoluteLink } from './source-view'
import type { AnswerPayload } from './types'

/** Rough counts (~4 characters a token): the pipeline makes several model calls, or none. */
export function usageOf(request: ChatCompletionRequest, answer: string) {
  const chars = request.messages.reduce((n, m) => n + JSON.stringify(m.content ?? '').length, 0)
  const prompt_tokens = Math.ceil(chars / 4)
  const completion_tokens = Math.ceil(answer.length / 4)
  return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens }
}

/** Knowledge-base sources link to /api/sources/<id>: API clients need the full URL. */
export function withAbsoluteUrls(packet: PacketBody, origin: string): PacketBody {
  if (packet.type !== 'sources') return packet
  const sources = packet.sources.map((s) =>
    s.url ? { ...s, url: absoluteLink(s.url, origin) } : s,
  )
  return { ...packet, sources }
}

export interface CompletionContext {
  meta: CompletionMeta
  request: ChatCompletionRequest
  origin: string
}

/** Quire's extension on a completion: how the answer was made (the payload's honesty fields). */
export function quireExtension(payload: AnswerPayload) {
  return {
    mode: payload.mode,
    fallbacks: payload.fallbacks,
    abstained: payload.abstained,
    ...(payload.reason ? { reason: payload.reason } : {}),
    ...(payload.search_query ? { search_query: payload.search_query } : {}),
  }
}

export function wholeCompletion(payload: AnswerPayload, context: CompletionContext) {
  // Built from the final payload (not the live tokens), so a mid-answer fallback cannot show.
  const sources = withAbsoluteUrls(
    { type: 'sources', sources: toSourceRefs(payload.sources) },
    context.origin,
  )
  const packets: Packet[] = [
    atBlock({ type: 'token', text: payload.answer }, ANSWER_BLOCK),
    atBlock(sources, ANSWER_BLOCK),
  ]
  return {
    ...buildChatCompletion(packets, context.meta),
    usage: usageOf(context.request, payload.answer),
    related_questions: payload.related_questions,
    quire: quireExtension(payload),
  }
}
