// The search provider for search_mode 'academic': arXiv, Crossref and the local corpus asked
// in parallel, interleaved (corpus, arXiv, Crossref, ...) and de-duplicated by URL and DOI.
// One failing source weakens the results (reported through options.reportFallback); all
// failing is a ProviderError('academic').
import { isAppError, ProviderError } from '../errors'
import { applyDomainFilter, resolveLimit } from './domain-filter'
import type { ArxivPaper, CrossrefWork, ScholarlyClients } from './scholarly-types'
import type { WebSearchOptions, WebSearchProvider, WebSearchResult } from './search-provider'

const SNIPPET_CHARS = 320
const RECENCY_DAYS = { day: 1, week: 7, month: 31, year: 366 } as const

export function truncateSnippet(text: string, max = SNIPPET_CHARS): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}\u2026`
}

export function arxivToResult(paper: ArxivPaper): WebSearchResult {
  return {
    title: paper.title,
    url: paper.absUrl,
    snippet: truncateSnippet(paper.abstract),
    domain: 'arxiv.org',
    date: paper.published || undefined,
  }
}

export function crossrefToResult(work: CrossrefWork): WebSearchResult {
  const fallback = [work.venue, work.year].filter(Boolean).join(', ')
  return {
    title: work.title || work.doi,
    url: `https://doi.org/${work.doi}`,
    snippet: truncateSnippet(work.abstract ?? fallback),
    domain: 'doi.org',
    date: work.year ? String(work.year) : undefined,
  }
}

interface Keyed {
  result: WebSearchResult
  /** Identities shared by records of the same paper: normalised URL, DOIs. */
  keys: string[]
}

/** Keys a result by its URL (versionless for arXiv) and by any DOI the URL denotes. */
function urlKeys(url: string): string[] {
  const normal = url
    .toLowerCase()
    .replace(/^http:/, 'https:')
    .replace(/^https:\/\/(www\.|export\.)/, 'https://')
    .replace(/\/+$/, '')
  const keys = [normal.replace(/(arxiv\.org\/abs\/.+?)v\d+$/, '$1')]
  const doi = /^https:\/\/(?:dx\.)?doi\.org\/(.+)$/.exec(normal)?.[1]
  if (doi) keys.push(`doi:${decodeURIComponent(doi)}`)
  const arxiv = /arxiv\.org\/abs\/(.+?)(v\d+)?$/.exec(normal)?.[1]
  if (arxiv) keys.push(`doi:10.48550/arxiv.${arxiv}`)
  return keys
}

const keyed = (result: WebSearchResult, dois: (string | null)[] = []): Keyed => ({
  result,
  keys: [...urlKeys(result.url), ...dois.flatMap((d) => (d ? [`doi:${d.toLowerCase()}`] : []))],
})

function interleave(lists: Keyed[][]): WebSearchResult[] {
  const out: WebSearchResult[] = []
  const seen = new Set<string>()
  const longest = Math.max(0, ...lists.map((l) => l.length))
  for (let i = 0; i < longest; i++) {
    for (const list of lists) {
      const entry = list[i]
      if (!entry || entry.keys.some((k) => seen.has(k))) continue
      entry.keys.forEach((k) => seen.add(k))
      out.push(entry.result)
    }
  }
  return out
}

function isRecentEnough(result: WebSearchResult, options: WebSearchOptions, now: number): boolean {
  if (!options.recency || !result.date) return true
  const time = Date.parse(result.date)
  return Number.isNaN(time) || now - time <= RECENCY_DAYS[options.recency] * 86_400_000
}

const MEMBERS = ['library', 'arxiv', 'crossref'] as const

/** A member that failed weakens the results; the caller is told which, and why. */
function memberFallback(index: number, reason: unknown) {
  const why = isAppError(reason) ? reason.message : 'failed'
  return { stage: `search.${MEMBERS[index] ?? 'academic'}`, reason: `${why}; left out` }
}

export function createAcademicSearch(deps: {
  scholarly: ScholarlyClients
  corpus: WebSearchProvider
  now?: () => number
}): WebSearchProvider {
  const now = deps.now ?? Date.now
  return {
    name: 'academic',
    async search(query, options, signal) {
      const limit = resolveLimit(options)
      const sortBy = options.recency ? 'submittedDate' : 'relevance'
      const settled = await Promise.allSettled([
        deps.corpus
          .search(query, { ...options, limit }, signal)
          .then((r) => r.map((x) => keyed(x))),
        deps.scholarly.arxiv
          .search(query, { maxResults: limit, sortBy }, signal)
          .then((papers) => papers.map((p) => keyed(arxivToResult(p), [p.doi]))),
        deps.scholarly.crossref
          .search(query, { rows: limit }, signal)
          .then((works) => works.map((w) => keyed(crossrefToResult(w), [w.doi]))),
      ])
      signal?.throwIfAborted()
      settled.forEach((s, i) => {
        if (s.status === 'rejected') options.reportFallback?.(memberFallback(i, s.reason))
      })
      const lists = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
      if (lists.length === 0) {
        const causes = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason] : []))
        throw new ProviderError('academic', 'arXiv, Crossref and the corpus all failed', {
          cause: new AggregateError(causes),
        })
      }
      const merged = interleave(lists).filter((r) => isRecentEnough(r, options, now()))
      return applyDomainFilter(merged, options.domainFilter).slice(0, limit)
    },
  }
}
