// SearXNG adapter (GET /search?format=json on a self-hosted instance; the JSON format must be
// enabled in its settings.yml). Recency maps to `time_range`; one allowed domain is pushed as
// `site:` (engines that understand it honour it); filters are always applied to the results.
import { z } from 'zod'
import { domainOf, finishResults, parseDomainFilter, toIsoDate } from './domain-filter'
import { stripInlineMarkup } from './markup-text'
import type { FetchLike } from './polite-http'
import { requestSearchJson } from './search-http'
import type { WebSearchOptions, WebSearchProvider, WebSearchResult } from './search-provider'

const searxngSchema = z.object({
  results: z.array(
    z.object({
      title: z.string(),
      url: z.string(),
      content: z.string().nullable().optional(),
      publishedDate: z.string().nullable().optional(),
      thumbnail: z.string().nullable().optional(),
      img_src: z.string().nullable().optional(),
    }),
  ),
})

export interface SearxngSearchOptions {
  baseUrl: string
  fetchImpl?: FetchLike
}

/** Query parameters for one search; exported for tests. */
export function searxngParams(query: string, options: WebSearchOptions): URLSearchParams {
  const { allow } = parseDomainFilter(options.domainFilter)
  const site = allow.length === 1 ? ` site:${allow[0]}` : ''
  const params = new URLSearchParams({ q: `${query}${site}`, format: 'json', pageno: '1' })
  params.set('safesearch', '1')
  if (options.recency) params.set('time_range', options.recency)
  return params
}

function absoluteHttp(url: string | null | undefined): string | undefined {
  const absolute = url?.startsWith('//') ? `https:${url}` : url
  return absolute && /^https?:\/\//i.test(absolute) ? absolute : undefined
}

export function createSearxngSearch(config: SearxngSearchOptions): WebSearchProvider {
  const base = config.baseUrl.replace(/\/+$/, '')
  return {
    name: 'searxng',
    async search(query, options, signal) {
      const body = await requestSearchJson({
        provider: 'searxng',
        url: `${base}/search?${searxngParams(query, options).toString()}`,
        init: { headers: { accept: 'application/json' } },
        schema: searxngSchema,
        fetchImpl: config.fetchImpl,
        signal,
      })
      const results: WebSearchResult[] = body.results.map((r) => ({
        title: stripInlineMarkup(r.title),
        url: r.url,
        snippet: stripInlineMarkup(r.content ?? ''),
        domain: domainOf(r.url),
        date: toIsoDate(r.publishedDate),
        image: absoluteHttp(r.thumbnail) ?? absoluteHttp(r.img_src),
      }))
      return finishResults(results, options)
    },
  }
}
