// A streamed packet's source reference as the page's source card data.
import type { AnswerSource, SourceRef } from '../types'

export function toSource(ref: SourceRef): AnswerSource {
  return {
    number: ref.number,
    title: ref.title,
    url: ref.url ?? '#',
    domain: ref.domain ?? '',
    image: ref.image ?? null,
    ...(ref.snippet ? { snippet: ref.snippet } : {}),
    ...(ref.date ? { date: ref.date } : {}),
  }
}
