// Shapes an answer for OpenAI-compatible clients: the whole chat.completion with Sonar-style
// citations, the upstream calls' usage, and absolute URLs for knowledge-base sources.
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
import type { UsageMeter } from './usage-meter'

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
  /** Meters the answer's model calls: their usage is the completion's. */
  meter: UsageMeter
}

/**
 * Quire's extension on a completion: how the answer was made (the payload's honesty fields),
 * and how `usage` was obtained (calls made; calls the tokenizer counted for want of a report).
 */
export function quireExtension(payload: AnswerPayload, meter: UsageMeter) {
  return {
    mode: payload.mode,
    fallbacks: payload.fallbacks,
    abstained: payload.abstained,
    ...(payload.reason ? { reason: payload.reason } : {}),
    ...(payload.search_query ? { search_query: payload.search_query } : {}),
    usage: meter.note(),
  }
}

/** The `done` result a /v1 stream ends with: its final chunk carries `quire` and `usage`. */
export function streamResult(payload: AnswerPayload, meter: UsageMeter) {
  return {
    related_questions: payload.related_questions,
    usage: meter.usage(),
    quire: quireExtension(payload, meter),
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
    usage: context.meter.usage(),
    related_questions: payload.related_questions,
    quire: quireExtension(payload, context.meter),
  }
}
