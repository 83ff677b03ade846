// The WebSearchProvider port: Brave, Tavily, SearXNG adapters, and the local corpus
// (retrieval/corpus-search.ts) when offline or asked.

export interface WebSearchResult {
  title: string
  url: string
  snippet: string
  /** Host name of url, lower-case, without a leading "www.". */
  domain: string
  /** ISO date when the provider knows it. */
  date?: string
  image?: string
  /** Set when the result is a corpus source (chunk-level provenance). */
  sourceId?: string
  chunkId?: string
  page?: number | null
}

export interface WebSearchOptions {
  /** At most this many results (providers cap at 10 for the answer engine). */
  limit?: number
  /** Sonar-style: "example.org" allows, "-example.org" denies. */
  domainFilter?: string[]
  recency?: 'day' | 'week' | 'month' | 'year'
  /** Prefer scholarly sources (arXiv, Crossref, the corpus). */
  academic?: boolean
  /**
   * The caller's query plan, for providers that would otherwise plan with a model (the corpus
   * retriever): its task and query variations. Web providers ignore it.
   */
  plan?: {
    task?: 'qa' | 'summarization' | 'comparison' | 'explanation'
    variations?: string[]
  }
  /**
   * false: search makes no model call (no planning, no model reranking), so nothing waits on
   * a model before the answer, whose own call judges the results. Default: the provider's way.
   */
  allowModel?: boolean
  /** Told of each part of the search that fell back (a failed list, a skipped member). */
  reportFallback?: (fallback: { stage: string; reason: string }) => void
}

export interface WebSearchProvider {
  readonly name: string
  search(query: string, options: WebSearchOptions, signal?: AbortSignal): Promise<WebSearchResult[]>
}
