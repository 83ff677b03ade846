// Domain types of the scholarly clients (arXiv export API, Crossref REST API) — vendor shapes
// stay in the parsers; everything else in Quire sees these.

export interface ArxivPaper {
  /** arXiv identifier without version, e.g. "1707.08567" or "hep-th/9901001". */
  id: string
  /** With version, e.g. "1707.08567v1". */
  versionedId: string
  /** Whitespace collapsed. */
  title: string
  authors: string[]
  abstract: string
  categories: string[]
  primaryCategory: string
  /** ISO timestamps as arXiv gives them. */
  published: string
  updated: string
  doi: string | null
  journalRef: string | null
  comment: string | null
  pdfUrl: string
  absUrl: string
}

export type ArxivSortBy = 'relevance' | 'lastUpdatedDate' | 'submittedDate'

export interface ArxivSearchOptions {
  /** Offset into the result list; default 0. */
  start?: number
  /** Default 10, at most 100. */
  maxResults?: number
  /** Default relevance (descending). */
  sortBy?: ArxivSortBy
}

export interface ArxivClient {
  /** Free text (or arXiv query syntax such as `ti:attention AND cat:cs.CL`), best match first. */
  search(query: string, options?: ArxivSearchOptions, signal?: AbortSignal): Promise<ArxivPaper[]>
  /** Looks up papers by id (with or without version); unknown ids are simply absent. */
  byIds(ids: string[], signal?: AbortSignal): Promise<ArxivPaper[]>
}

export interface CrossrefWork {
  doi: string
  title: string
  year: number | null
  venue: string | null
  authors: string[]
  /** JATS/HTML stripped, whitespace normalised (paragraphs kept), 'Abstract' heading removed. */
  abstract: string | null
  /** Crossref work type, e.g. 'journal-article'; '' when the response did not carry it. */
  type: string
  url: string
}

export interface CrossrefSearchOptions {
  /** Default 10, at most 50. */
  rows?: number
}

export interface CrossrefClient {
  /** Journal and proceedings articles only. */
  search(
    query: string,
    options?: CrossrefSearchOptions,
    signal?: AbortSignal,
  ): Promise<CrossrefWork[]>
  /** null when Crossref does not know the DOI. */
  byDoi(doi: string, signal?: AbortSignal): Promise<CrossrefWork | null>
}

export interface ScholarlyClients {
  arxiv: ArxivClient
  crossref: CrossrefClient
}
