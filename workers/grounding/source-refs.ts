// Source references: the one mapping from whatever Quire retrieved (a search result, a
// ranked or payload source, a corpus chunk) to the SourceRef that packets and citations carry.
import type { WebSearchResult } from '../sources'
import type { SourceRef } from '../stream'

export { domainOf } from '../sources'

/** The fields a retrieved source may have; only the title is always there. */
export type SourceFields = Pick<SourceRef, 'title'> &
  Partial<Omit<SourceRef, 'number' | 'title' | 'date' | 'image'>> & {
    date?: string | null
    image?: string | null
  }

export function sourceRefOf(source: SourceFields, number: number): SourceRef {
  return {
    number,
    title: source.title,
    url: source.url,
    domain: source.domain,
    snippet: source.snippet,
    date: source.date ?? null,
    image: source.image ?? null,
    sourceId: source.sourceId,
    chunkId: source.chunkId,
    page: source.page ?? null,
  }
}

/** A search result as SourceRef fields (no number yet: the caller's numbering assigns it). */
export function sourceFieldsOf(result: WebSearchResult): Omit<SourceRef, 'number'> {
  const { number: _unused, ...fields } = sourceRefOf(result, 0)
  return fields
}
