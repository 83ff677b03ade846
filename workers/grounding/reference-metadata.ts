// What a reference is made from: a source's stored metadata (authors, year, title, venue, DOI
// or URL), never a model's words. A field the library does not know stays empty and is named
// as missing, so an incomplete reference says so instead of inventing it.
import { readSource } from '../db'

export interface ReferenceMetadata {
  /** Stable identity of the work: the source id, else its DOI or URL, else its title. */
  id: string
  title: string
  authors: string[]
  year: number | null
  venue: string | null
  doi: string | null
  url: string | null
  /** The arXiv id of a preprint. */
  arxiv: string | null
  /** The source's kind: arxiv, crossref, web, pdf, text, corpus (or 'cited' when named only). */
  kind: string
  /** False for a work Quire never retrieved (named by a model from memory). */
  verified: boolean
}

/** Journal-like kinds, whose references name a venue. */
const JOURNAL_KINDS = new Set(['crossref', 'corpus'])

/** The fields a complete reference needs that this one lacks ('authors', 'year', …). */
export function missingFields(meta: ReferenceMetadata): string[] {
  const missing: string[] = []
  if (meta.authors.length === 0) missing.push('authors')
  if (!meta.year) missing.push('year')
  if (!meta.venue && JOURNAL_KINDS.has(meta.kind)) missing.push('venue')
  if (!meta.doi && !meta.url && !meta.arxiv) missing.push('DOI or URL')
  return missing
}

/** Titles are stored as the source wrote them; a trailing full stop would read "title..". */
export function cleanTitle(title: string): string {
  return title
    .replace(/\s+/g, ' ')
    .replace(/[\s.]+$/, '')
    .trim()
}

/** A DOI without its resolver prefix. */
export function bareDoi(doi: string): string {
  return doi.replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i, '').trim()
}

/** A stored source's reference metadata; undefined when there is no such source. */
export async function readReferenceMetadata(
  db: D1Database,
  sourceId: string,
): Promise<ReferenceMetadata | undefined> {
  const row = await readSource(db, sourceId)
  if (!row) return undefined
  const url = row.url && /^https?:\/\//i.test(row.url) ? row.url : null
  return {
    id: row.id,
    title: cleanTitle(row.title),
    authors: row.authors.filter((a) => a.trim()),
    year: row.year ?? null,
    venue: row.venue?.trim() || (row.kind === 'arxiv' ? 'arXiv' : null),
    doi: row.doi ? bareDoi(row.doi) : null,
    url,
    arxiv: row.kind === 'arxiv' ? row.externalId : null,
    kind: row.kind,
    verified: true,
  }
}
