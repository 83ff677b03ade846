// Payload sources as the stream's SourceRef (what `sources` packets and OpenAI citations carry).
import type { SourceRef } from '../stream'
import type { AnswerSource } from './types'

export function toSourceRefs(sources: AnswerSource[]): SourceRef[] {
  return sources.map((source) => ({
    number: source.number,
    title: source.title,
    url: source.url,
    domain: source.domain,
    snippet: source.snippet,
    image: source.image,
    date: source.date ?? null,
  }))
}
