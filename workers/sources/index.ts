// Public surface of sources/: scholarly clients (arXiv, Crossref), the guarded fetch, web
// pages and PDFs, web search providers, and mappings to the indexer's input.
export * from './search-provider'
export * from './safe-fetch-types'
export type {
  ArxivClient,
  ArxivPaper,
  ArxivSearchOptions,
  ArxivSortBy,
  CrossrefClient,
  CrossrefSearchOptions,
  CrossrefWork,
  ScholarlyClients,
} from './scholarly-types'
export { createScholarlyClients, type ScholarlyDeps } from './scholarly'
export { createSafeFetch, checkFetchUrl, type SafeFetchDeps } from './safe-fetch'
export { isBlockedHost } from './address-guard'
export { createWebSearch } from './web-search'
export { createAcademicSearch, arxivToResult, crossrefToResult } from './academic-search'
export { applyDomainFilter, domainOf, parseDomainFilter, type DomainFilter } from './domain-filter'
export { createBraveSearch } from './brave'
export { createTavilySearch } from './tavily'
export { createSearxngSearch } from './searxng'
export { parseArxivFeed } from './arxiv-parse'
export { normaliseArxivId } from './arxiv'
export { normaliseDoi } from './crossref'
export {
  downloadPdf,
  extractPdfPages,
  fetchPdf,
  hasPdfMagic,
  readPdf,
  type PdfPage,
  type PdfText,
} from './pdf'
export { fetchReadablePage, findPageImage, type ReadablePage } from './web-page'
export { SourceParseError, PdfParseError } from './source-errors'
export { createRateGate, type RateGate } from './rate-gate'
export { politeUserAgent, type FetchLike, type Sleeper } from './polite-http'
