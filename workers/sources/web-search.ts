// Picks the configured web search provider. The corpus stands in when the provider is
// 'corpus' (offline, no keys). SEARCH_BASE_URL overrides any provider's public base URL.
import type { Config } from '../config'
import { NotConfiguredError } from '../errors'
import { createBraveSearch } from './brave'
import type { FetchLike } from './polite-http'
import type { WebSearchProvider } from './search-provider'
import { createSearxngSearch } from './searxng'
import { createTavilySearch } from './tavily'

function requireSetting(value: string | undefined, variable: string): string {
  if (!value) throw new NotConfiguredError(`${variable} is not set`)
  return value
}

export function createWebSearch(
  config: Config,
  corpus: WebSearchProvider,
  deps: { fetchImpl?: FetchLike } = {},
): WebSearchProvider {
  const { provider, baseUrl } = config.search
  switch (provider) {
    case 'corpus':
      return corpus
    case 'brave':
      return createBraveSearch({
        apiKey: requireSetting(config.search.braveApiKey, 'BRAVE_API_KEY'),
        baseUrl,
        fetchImpl: deps.fetchImpl,
      })
    case 'tavily':
      return createTavilySearch({
        apiKey: requireSetting(config.search.tavilyApiKey, 'TAVILY_API_KEY'),
        baseUrl,
        fetchImpl: deps.fetchImpl,
      })
    case 'searxng':
      return createSearxngSearch({
        baseUrl: requireSetting(baseUrl ?? config.search.searxngUrl, 'SEARXNG_URL'),
        fetchImpl: deps.fetchImpl,
      })
  }
}
