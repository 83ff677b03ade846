// Stage 1, search for the planned standalone query: the configured provider (or the corpus,
// or arXiv + Crossref + corpus in academic mode), at most 10 well-formed results, within 6
// seconds (seed 001 §5.1, §8). Search makes no model call: nothing in it waits on a model,
// so the deadline measures search alone. What fell back inside it is listed.
import { z } from 'zod'
import { isFollowUp } from '../grounding'
import {
  applyDomainFilter,
  domainOf,
  type WebSearchOptions,
  type WebSearchProvider,
  type WebSearchResult,
} from '../sources'
import { raceSignal, withDeadline } from './abort'
import { withConversationSources } from './conversation-sources'
import { describeFailure } from './describe-failure'
import { toSourceLink } from './source-view'
import type { AnswerDeps, AskState, StageFallback } from './types'

export const MAX_RESULTS = 10
export const SEARCH_TIMEOUT_MS = 6000
/** arXiv and Crossref get this share of the deadline; the library answers in what is left. */
const SCHOLARLY_SHARE = 0.75

const resultSchema = z.object({
  title: z.string().trim().min(1),
  url: z.string().trim().min(1),
  snippet: z.string().default(''),
})

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

interface SearchCall {
  query: string
  options: WebSearchOptions
  deps: AnswerDeps
  /** The search deadline (also ends when the run is stopped). */
  timed: AbortSignal
  fallbacks: StageFallback[]
}

const once = (results: Promise<WebSearchResult[]>): WebSearchProvider => ({
  name: 'corpus',
  search: () => results,
})

/**
 * arXiv and Crossref beside the library; when they fail or do not answer within their share
 * of the deadline, the library's results stand and the fallback says so.
 */
async function searchAcademic(call: SearchCall, ms: number): Promise<WebSearchResult[]> {
  const { query, options, deps, timed } = call
  const library = deps.corpusSearch.search(query, options, timed)
  library.catch(() => undefined) // awaited below when needed
  const scholarly = withDeadline(timed, Math.round(ms * SCHOLARLY_SHARE))
  try {
    const academic = deps.academicSearch(once(library))
    return await raceSignal(
      academic.search(query, options, scholarly),
      scholarly,
      'academic search',
    )
  } catch (error) {
    if (timed.aborted) throw error
    const why = scholarly.aborted
      ? 'arXiv and Crossref did not answer in time'
      : describeFailure(error)
    call.fallbacks.push({ stage: 'search.academic', reason: `${why}; searched the library only` })
    return raceSignal(library, timed, 'search')
  }
}

function search(call: SearchCall, state: AskState, ms: number): Promise<WebSearchResult[]> {
  const { query, options, deps, timed } = call
  const mode = state.options.search_mode
  if (mode === 'academic') return searchAcademic(call, ms)
  if (mode === 'web' && !deps.webSearchConfigured) {
    const reason = 'no web search provider is configured; searched the library instead'
    call.fallbacks.push({ stage: 'search.web', reason })
  }
  const provider =
    mode === 'corpus' || (mode === 'web' && !deps.webSearchConfigured)
      ? deps.corpusSearch
      : deps.webSearch
  return raceSignal(provider.search(query, options, timed), timed, 'search')
}

/**
 * A follow-up (a question that leans on what was said) also keeps the sources the last answer
 * cited, within this ask's domain filter; a question that starts a new topic keeps none.
 */
function withEarlierSources(found: WebSearchResult[], state: AskState): WebSearchResult[] {
  const earlier = state.earlierSources ?? []
  if (earlier.length === 0 || state.history.length === 0 || !isFollowUp(state.query)) return found
  const filter = state.options.search_domain_filter
  const allowed = filter?.length ? applyDomainFilter(earlier, filter) : earlier
  return withConversationSources(found, allowed)
}

export async function searchSources(
  state: AskState,
  deps: AnswerDeps,
  signal: AbortSignal,
): Promise<AskState> {
  const filter = state.options.search_domain_filter
  const ms = deps.timeouts?.searchMs ?? SEARCH_TIMEOUT_MS
  const fallbacks: StageFallback[] = []
  const options: WebSearchOptions = {
    limit: MAX_RESULTS,
    domainFilter: filter,
    recency: state.options.search_recency_filter,
    academic: state.options.search_mode === 'academic',
    // No model call inside search: the answer's own call judges the results.
    allowModel: false,
    reportFallback: (fallback) => fallbacks.push(fallback),
    ...(state.plan ? { plan: state.plan } : {}),
  }
  const call = {
    query: state.searchQuery,
    options,
    deps,
    timed: withDeadline(signal, ms),
    fallbacks,
  }
  const found = await search(call, state, ms)
  // Providers that cannot filter by domain themselves still must not leak excluded ones.
  const filtered = filter?.length ? applyDomainFilter(found, filter) : found
  const results = withEarlierSources(normaliseResults(filtered), state).slice(0, MAX_RESULTS)
  return { ...state, results, fallbacks: [...state.fallbacks, ...fallbacks] }
}
