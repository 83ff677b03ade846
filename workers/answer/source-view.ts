// A knowledge-base source as a citation link shows it: its metadata and the passages indexed
// in its namespace, read from D1. Corpus-only sources have no web page of their own, so this
// is their page. Who may see it is source-access.ts's call.
import { readSourcePassages, type SourceRow } from '../db'

const MAX_PASSAGES = 30

export interface SourceView {
  id: string
  kind: string
  title: string
  authors: string[]
  year: number | null
  venue: string | null
  doi: string | null
  url: string | null
  abstract: string | null
  passages: { page: number | null; text: string }[]
}

export async function toSourceView(db: D1Database, source: SourceRow): Promise<SourceView> {
  const rows = await readSourcePassages(db, source, MAX_PASSAGES)
  return {
    id: source.id,
    kind: source.kind,
    title: source.title,
    authors: source.authors,
    year: source.year,
    venue: source.venue,
    doi: source.doi,
    url: source.url,
    abstract: source.abstract,
    passages: rows,
  }
}

/** Corpus search links sources without a URL or DOI as quire://source/<id>: make that a path. */
export function toSourceLink(url: string): string {
  const match = /^quire:\/\/source\/([^/?#]+)$/.exec(url)
  return match ? `/api/sources/${match[1]}` : url
}

/** The source id a toSourceLink path names, or null for any other address. */
export function sourceIdOfLink(url: string): string | null {
  const match = /^\/api\/sources\/([^/?#]+)$/.exec(url)
  if (!match?.[1]) return null
  try {
    return decodeURIComponent(match[1])
  } catch {
    return null
  }
}

/** Paths become absolute for API clients that cannot resolve them against the page. */
export function absoluteLink(url: string, origin: string): string {
  return url.startsWith('/') ? `${origin}${url}` : url
}
