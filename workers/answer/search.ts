// Stage 1, search for the planned standalone query: the configured provider (or the corpus,
// or arXiv + Crossref + corpus in academic mode), at most 10 well-formed results, within 6
// seconds (seed 001 §5.1, §8).
import { z } from 'zod'
import {
  applyDomainFilter,
  domainOf,
  type WebSearchProvider,
  type WebSearchResult,
} from '../sources'
import { raceSignal, withDeadline } from './abort'
import { toSourceLink } from './source-view'
import type { AnswerDeps, AskState } from './types'

export const MAX_RESULTS = 10
export const SEARCH_TIMEOUT_MS = 6000

const resultSchema = z.object({
  title: z.string().trim().min(1),
  url: z.string().trim().min(1),
  snippet: z.string().default(''),
})

function pickProvider(state: AskState, deps: AnswerDeps): WebSearchProvider {
  if (state.options.search_mode === 'academic') return deps.academicSearch
  if (state.options.search_mode === 'corpus') return deps.corpusSearch
  return deps.webSearch
}

/** Drops malformed results and fills in the domain (providers are third parties). */
export function normaliseResults(results: WebSearchResult[]): WebSearchResult[] {
  const clean: WebSearchResult[] = []
  for (const raw of results) {
    const parsed = resultSchema.safeParse(raw)
    if (!parsed.success) continue
    const domain = raw.domain || domainOf(parsed.data.url)
    if (!domain) continue
    clean.push({ ...raw, ...parsed.data, url: toSourceLink(parsed.data.url), domain })
  }
  return clean
}

export async function searchSources(
  state: AskState,
  deps: AnswerDeps,
  signal: AbortSignal,
): Promise<AskState> {
  const provider = pickProvider(state, deps)
  const filter = state.options.search_domain_filter
  const timed = withDeadline(signal, deps.timeouts?.searchMs ?? SEARCH_TIMEOUT_MS)
  const options = {
    limit: MAX_RESULTS,
    domainFilter: filter,
    recency: state.options.search_recency_filter,
    academic: state.options.search_mode === 'academic',
    ...(state.plan ? { plan: state.plan } : {}),
  }
  const search = provider.search(state.searchQuery, options, timed)
  const found = await raceSignal(search, timed, 'search')
  // Providers that cannot filter by domain themselves still must not leak excluded ones.
  const filtered = filter?.length ? applyDomainFilter(found, filter) : found
  return { ...state, results: normaliseResults(filtered).slice(0, MAX_RESULTS) }
}
