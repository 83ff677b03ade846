// Shapes an answer for OpenAI-compatible clients: the whole chat.completion with Sonar-style
// citations, the upstream calls' usage, and absolute URLs for knowledge-base sources.
import {
  atBlock,
  buildChatCompletion,
  toChatAnnotation,
  type CompletionMeta,
  type Packet,
  type PacketBody,
  type SourceRef,
  type UrlCitation,
} from '../stream'
import { ANSWER_BLOCK } from './answer'
import { citationSpans } from './citation-spans'
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

/** The payload's sources as API clients link them (absolute URLs). */
export function linkedSources(payload: AnswerPayload, origin: string): SourceRef[] {
  const body = withAbsoluteUrls({ type: 'sources', sources: toSourceRefs(payload.sources) }, origin)
  return body.type === 'sources' ? body.sources : []
}

/** The url_citations of `text` (the answer as the client holds it); an abstention has none. */
export function answerCitations(
  payload: AnswerPayload,
  text: string,
  sources: readonly SourceRef[],
): UrlCitation[] {
  return payload.abstained ? [] : citationSpans(text, sources)
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

/**
 * The `done` result a /v1 stream ends with: its final chunk carries `quire` and `usage`, and
 * its last delta the annotations over `streamedAnswer` (the tokens after any replace).
 */
export function streamResult(
  payload: AnswerPayload,
  context: { meter: UsageMeter; origin: string; streamedAnswer: string },
) {
  const { meter, origin, streamedAnswer } = context
  const citations = answerCitations(payload, streamedAnswer, linkedSources(payload, origin))
  return {
    annotations: citations.map(toChatAnnotation),
    related_questions: payload.related_questions,
    usage: meter.usage(),
    quire: quireExtension(payload, meter),
  }
}

export function wholeCompletion(payload: AnswerPayload, context: CompletionContext) {
  // Built from the final payload (not the live tokens), so a mid-answer fallback cannot show.
  const sources = linkedSources(payload, context.origin)
  const packets: Packet[] = [
    atBlock({ type: 'token', text: payload.answer }, ANSWER_BLOCK),
    atBlock({ type: 'sources', sources }, ANSWER_BLOCK),
  ]
  const completion = buildChatCompletion(packets, context.meta)
  const annotations = answerCitations(payload, payload.answer, sources).map(toChatAnnotation)
  const choices = completion.choices.map((choice) => ({
    ...choice,
    message: { ...choice.message, annotations },
  }))
  return {
    ...completion,
    choices,
    usage: context.meter.usage(),
    related_questions: payload.related_questions,
    quire: quireExtension(payload, context.meter),
  }
}
