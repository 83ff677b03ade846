// Tavily Search API adapter (POST /search, Bearer key). Recency maps to `time_range`; allow
// and deny lists go to include_domains / exclude_domains and are applied again to the results.
import { z } from 'zod'
import {
  domainOf,
  finishResults,
  parseDomainFilter,
  resolveLimit,
  toIsoDate,
} from './domain-filter'
import { stripInlineMarkup } from './markup-text'
import type { FetchLike } from './polite-http'
import { requestSearchJson } from './search-http'
import type { WebSearchOptions, WebSearchProvider, WebSearchResult } from './search-provider'

export const TAVILY_BASE_URL = 'https://api.tavily.com'

const tavilySchema = z.object({
  results: z.array(
    z.object({
      title: z.string(),
      url: z.string(),
      content: z.string().optional(),
      published_date: z.string().nullable().optional(),
    }),
  ),
})

export interface TavilySearchOptions {
  apiKey: string
  baseUrl?: string
  fetchImpl?: FetchLike
}

/** JSON body of one search; exported for tests. */
export function tavilyBody(query: string, options: WebSearchOptions): Record<string, unknown> {
  const { allow, deny } = parseDomainFilter(options.domainFilter)
  return {
    query,
    max_results: resolveLimit(options),
    search_depth: 'basic',
    topic: 'general',
    include_answer: false,
    ...(allow.length > 0 ? { include_domains: allow } : {}),
    ...(deny.length > 0 ? { exclude_domains: deny } : {}),
    ...(options.recency ? { time_range: options.recency } : {}),
  }
}

export function createTavilySearch(config: TavilySearchOptions): WebSearchProvider {
  const base = (config.baseUrl ?? TAVILY_BASE_URL).replace(/\/+$/, '')
  return {
    name: 'tavily',
    async search(query, options, signal) {
      const body = await requestSearchJson({
        provider: 'tavily',
        url: `${base}/search`,
        init: {
          method: 'POST',
          headers: {
            accept: 'application/json',
            'content-type': 'application/json',
            authorization: `Bearer ${config.apiKey}`,
          },
          body: JSON.stringify(tavilyBody(query, options)),
        },
        schema: tavilySchema,
        fetchImpl: config.fetchImpl,
        signal,
      })
      const results: WebSearchResult[] = body.results.map((r) => ({
        title: stripInlineMarkup(r.title),
        url: r.url,
        snippet: stripInlineMarkup(r.content ?? ''),
        domain: domainOf(r.url),
        date: toIsoDate(r.published_date),
      }))
      return finishResults(results, options)
    },
  }
}
