// The knowledge base as a WebSearchProvider (offline mode, or asked for explicitly): one
// result per source from the namespaces it was made for, linked to the source's URL, its DOI,
// or a stable quire://source/<id> address when it has neither. Its snippet is the evidence: the
// part of the source's best chunk that answers the query (the grounding core chooses it), not
// the chunk's opening.
import {
  evidencePassage,
  retrievalFallback,
  type TermStatistics,
  type TermStatisticsSource,
} from '../grounding'
import {
  domainOf,
  type WebSearchOptions,
  type WebSearchProvider,
  type WebSearchResult,
} from '../sources'
import type { RetrievedChunk, Retriever, RetrieveOptions } from './retriever'

const DEFAULT_LIMIT = 10
const MAX_LIMIT = 20

export function sourceUrl(chunk: Pick<RetrievedChunk, 'url' | 'doi' | 'sourceId'>): string {
  if (chunk.url && /^https?:\/\//i.test(chunk.url)) return chunk.url
  if (chunk.doi) return `https://doi.org/${chunk.doi.replace(/^https?:\/\/(dx\.)?doi\.org\//i, '')}`
  return `quire://source/${encodeURIComponent(chunk.sourceId)}`
}

/** Sonar-style domain filter: "example.org" allows (with subdomains), "-example.org" denies. */
export function passesDomainFilter(domain: string, filter: readonly string[] | undefined): boolean {
  if (!filter || filter.length === 0) return true
  const matches = (rule: string) => domain === rule || domain.endsWith(`.${rule}`)
  const deny = filter.filter((f) => f.startsWith('-')).map((f) => f.slice(1).toLowerCase())
  const allow = filter.filter((f) => !f.startsWith('-')).map((f) => f.toLowerCase())
  if (deny.some(matches)) return false
  return allow.length === 0 || allow.some(matches)
}

/** A chunk as a search result; its snippet is the passage that answers `query`. */
export function toSearchResult(
  chunk: RetrievedChunk,
  query = '',
  stats?: TermStatistics,
): WebSearchResult {
  const url = sourceUrl(chunk)
  return {
    title: chunk.title,
    url,
    snippet: evidencePassage(query, chunk.content, { stats }),
    domain: domainOf(url),
    ...(chunk.year ? { date: `${chunk.year}` } : {}),
    sourceId: chunk.sourceId,
    chunkId: chunk.chunkId,
    page: chunk.page,
  }
}

/** Without a model: an empty plan (classified offline) and no model rerank. */
function retrieveOptions(
  options: WebSearchOptions,
  limit: number,
  namespaces: readonly string[],
): RetrieveOptions {
  const noModel = options.allowModel === false
  return {
    topK: Math.max(20, limit * 3),
    topN: limit * 2,
    stages: { budget: false, ...(noModel ? { rerank: false } : {}) },
    plan: options.plan ?? (noModel ? {} : undefined),
    namespaces,
  }
}

/**
 * Statistics weigh the query's rare words when choosing passages. When they cannot be read,
 * every word counts alike, and the search says so.
 */
async function loadStats(
  termStats: TermStatisticsSource | undefined,
  query: string,
  options: WebSearchOptions,
  signal?: AbortSignal,
): Promise<TermStatistics | undefined> {
  if (!termStats) return undefined
  try {
    return await termStats(query, signal)
  } catch (error) {
    if (signal?.aborted) throw error
    options.reportFallback?.({
      stage: 'search.evidence',
      reason: 'term statistics unavailable; passages chosen with every word weighed alike',
    })
    return undefined
  }
}

/** Search over `namespaces` only (shared ones: its answers are cached and served to anyone). */
export function createCorpusSearch(
  retriever: Retriever,
  namespaces: readonly string[],
  termStats?: TermStatisticsSource,
): WebSearchProvider {
  return {
    name: 'corpus',
    async search(query: string, options: WebSearchOptions, signal?: AbortSignal) {
      const limit = Math.min(MAX_LIMIT, Math.max(1, options.limit ?? DEFAULT_LIMIT))
      // Ask for more chunks than results: several may come from one source.
      const result = await retriever.retrieve(
        query,
        retrieveOptions(options, limit, namespaces),
        signal,
      )
      for (const code of result.fallbacks ?? []) options.reportFallback?.(retrievalFallback(code))
      const stats = await loadStats(termStats, query, options, signal)
      const seen = new Set<string>()
      const results: WebSearchResult[] = []
      for (const chunk of result.chunks) {
        if (seen.has(chunk.sourceId)) continue
        const item = toSearchResult(chunk, query, stats)
        if (!passesDomainFilter(item.domain, options.domainFilter)) continue
        seen.add(chunk.sourceId)
        results.push(item)
        if (results.length >= limit) break
      }
      return results
    },
  }
}
