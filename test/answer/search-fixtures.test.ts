// The search stage over the real Brave, Tavily and SearXNG adapters, fed the constructed
// response bodies in test/fixtures/search (12 results each: more than the cap of 10).
import { describe, expect, it } from 'vitest'
import { MAX_RESULTS, searchSources } from '../../workers/answer/search'
import { runPipeline } from '../../workers/answer/pipeline'
import {
  createBraveSearch,
  createSearxngSearch,
  createTavilySearch,
  type FetchLike,
  type WebSearchProvider,
} from '../../workers/sources'
import brave from '../fixtures/search/brave_web_search_crispr.json'
import searxng from '../fixtures/search/searxng_search_crispr.json'
import tavily from '../fixtures/search/tavily_search_crispr.json'
import { aState } from './builders'
import { fakeDeps } from './fake-deps'

const never = new AbortController().signal
const serve =
  (body: unknown, status = 200): FetchLike =>
  async () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

const providers: Array<[string, (fetchImpl: FetchLike) => WebSearchProvider, unknown]> = [
  ['brave', (fetchImpl) => createBraveSearch({ apiKey: 'k', fetchImpl }), brave],
  ['tavily', (fetchImpl) => createTavilySearch({ apiKey: 'k', fetchImpl }), tavily],
  [
    'searxng',
    (fetchImpl) => createSearxngSearch({ baseUrl: 'https://searx.example', fetchImpl }),
    searxng,
  ],
]
const query = 'What are the off-target effects of CRISPR genome editing?'

describe.each(providers)('search stage over the %s adapter', (_name, make, fixture) => {
  it('returns at most 10 results, each with title, url, snippet and domain', async () => {
    const deps = fakeDeps({ webSearch: make(serve(fixture)) })
    const { results } = await searchSources(aState({ query }), deps, never)
    expect(results.length).toBeGreaterThan(0)
    expect(results.length).toBeLessThanOrEqual(MAX_RESULTS)
    for (const result of results) {
      expect(result).toMatchObject({
        title: expect.stringMatching(/\S/),
        url: expect.stringMatching(/^https?:\/\//),
        snippet: expect.any(String),
        domain: expect.stringMatching(/^[a-z0-9.-]+$/),
      })
      expect(result.snippet).not.toMatch(/<strong>/)
    }
  })

  it('keeps denied domains out', async () => {
    const deps = fakeDeps({ webSearch: make(serve(fixture)) })
    const state = aState({ query, options: { search_domain_filter: ['-pinterest.com'] } })
    const { results } = await searchSources(state, deps, never)
    expect(results.some((r) => r.domain.endsWith('pinterest.com'))).toBe(false)
  })

  it('turns an upstream 500 into a graceful answer', async () => {
    const deps = fakeDeps({ webSearch: make(serve({ error: 'boom' }, 500)) })
    const state = await runPipeline(aState({ query }), deps, never)
    expect(state.payload?.answer).toMatch(/^Search failed/)
    expect(state.payload?.sources).toEqual([])
  })

  it('ranks the results and answers offline from them with citations', async () => {
    const deps = fakeDeps({ webSearch: make(serve(fixture)) })
    const state = await runPipeline(aState({ query }), deps, never)
    expect(state.ranked.length).toBeLessThanOrEqual(5)
    expect(state.ranked.map((s) => s.domain)).not.toContain('pinterest.com')
    expect(state.payload?.answer).toMatch(/\[1\]/)
  })
})
