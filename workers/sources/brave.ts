// Brave Search API adapter (GET /res/v1/web/search, X-Subscription-Token). Recency maps to
// `freshness` (pd/pw/pm/py); a single allowed domain is pushed as `site:`; every domain
// filter is applied again to the results.
import { z } from 'zod'
import {
  finishResults,
  domainOf,
  parseDomainFilter,
  resolveLimit,
  toIsoDate,
} from './domain-filter'
import { stripInlineMarkup } from './markup-text'
import type { FetchLike } from './polite-http'
import { requestSearchJson } from './search-http'
import type { WebSearchOptions, WebSearchProvider, WebSearchResult } from './search-provider'

export const BRAVE_BASE_URL = 'https://api.search.brave.com/res/v1'
const FRESHNESS = { day: 'pd', week: 'pw', month: 'pm', year: 'py' } as const

const braveSchema = z.object({
  web: z
    .object({
      results: z.array(
        z.object({
          title: z.string(),
          url: z.string(),
          description: z.string().optional(),
          page_age: z.string().optional(),
          thumbnail: z.object({ src: z.string().optional() }).optional(),
        }),
      ),
    })
    .optional(),
})

export interface BraveSearchOptions {
  apiKey: string
  baseUrl?: string
  fetchImpl?: FetchLike
}

/** Query parameters for one search; exported for tests. */
export function braveParams(query: string, options: WebSearchOptions): URLSearchParams {
  const { allow, deny } = parseDomainFilter(options.domainFilter)
  const site = allow.length === 1 ? ` site:${allow[0]}` : ''
  // Ask for more when results will be post-filtered, so the filter does not starve the limit.
  const count = allow.length + deny.length > 0 ? 20 : resolveLimit(options)
  const params = new URLSearchParams({ q: `${query}${site}`, count: String(count) })
  params.set('text_decorations', 'false')
  params.set('result_filter', 'web')
  if (options.recency) params.set('freshness', FRESHNESS[options.recency])
  return params
}

export function createBraveSearch(config: BraveSearchOptions): WebSearchProvider {
  const base = (config.baseUrl ?? BRAVE_BASE_URL).replace(/\/+$/, '')
  return {
    name: 'brave',
    async search(query, options, signal) {
      const body = await requestSearchJson({
        provider: 'brave',
        url: `${base}/web/search?${braveParams(query, options).toString()}`,
        init: { headers: { accept: 'application/json', 'x-subscription-token': config.apiKey } },
        schema: braveSchema,
        fetchImpl: config.fetchImpl,
        signal,
      })
      const results: WebSearchResult[] = (body.web?.results ?? []).map((r) => ({
        title: stripInlineMarkup(r.title),
        url: r.url,
        snippet: stripInlineMarkup(r.description ?? ''),
        domain: domainOf(r.url),
        date: toIsoDate(r.page_age),
        image: r.thumbnail?.src,
      }))
      return finishResults(results, options)
    },
  }
}
