// The one rule for where an answer's citations stand, shared by /v1/chat/completions and
// /v1/responses: every [n] marker is a url_citation of source n spanning the marker itself.
import { markerSpans } from '../grounding'
import type { SourceRef, UrlCitation } from '../stream'

/**
 * One citation per source a marker names ("[1, 3]" gives two over the same span), in order of
 * appearance. A number with no source, or a source without a link, is not annotated.
 */
export function citationSpans(text: string, sources: readonly SourceRef[]): UrlCitation[] {
  const linked = new Map(sources.flatMap((s) => (s.url ? [[s.number, s] as const] : [])))
  return markerSpans(text).flatMap((span) =>
    [...new Set(span.numbers)].flatMap((n) => {
      const source = linked.get(n)
      if (!source?.url) return []
      return [
        { url: source.url, title: source.title, start_index: span.start, end_index: span.end },
      ]
    }),
  )
}
