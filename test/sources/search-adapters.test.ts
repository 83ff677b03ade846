import { describe, expect, it } from 'vitest'
import { ProviderError } from '../../workers/errors'
import {
  createBraveSearch,
  createSearxngSearch,
  createTavilySearch,
  type WebSearchProvider,
} from '../../workers/sources'
import { headersOf, jsonResponse, scriptedFetch, searchFixture, textResponse } from './helpers'

type Make = (fetchImpl: ReturnType<typeof scriptedFetch>['fetchImpl']) => WebSearchProvider

const ADAPTERS: { name: string; fixture: string; make: Make }[] = [
  {
    name: 'brave',
    fixture: 'brave_web_search',
    make: (fetchImpl) => createBraveSearch({ apiKey: 'brave-key', fetchImpl }),
  },
  {
    name: 'tavily',
    fixture: 'tavily_search',
    make: (fetchImpl) => createTavilySearch({ apiKey: 'tvly-key', fetchImpl }),
  },
  {
    name: 'searxng',
    fixture: 'searxng_search',
    make: (fetchImpl) => createSearxngSearch({ baseUrl: 'https://searx.example.org/', fetchImpl }),
  },
]

function run(adapter: (typeof ADAPTERS)[number], ...replies: Parameters<typeof scriptedFetch>) {
  const scripted = scriptedFetch(
    ...(replies.length
      ? replies
      : [textResponse(searchFixture(adapter.fixture), 'application/json')]),
  )
  return { provider: adapter.make(scripted.fetchImpl), calls: scripted.calls }
}

describe.each(ADAPTERS)('$name adapter', (adapter) => {
  it('maps results to title, url, snippet and www-less domain, at most 10', async () => {
    const { provider } = run(adapter)
    const results = await provider.search('crispr off-target effects', {})
    expect(provider.name).toBe(adapter.name)
    expect(results).toHaveLength(10)
    expect(results[0]).toMatchObject({
      title: 'Off-target effects of CRISPR-Cas9 genome editing',
      url: 'https://www.nature.com/articles/nbt.3117',
      snippet:
        'Unintended cleavage at sites resembling the guide sequence remains the main safety concern for CRISPR therapies.',
      domain: 'nature.com',
    })
    expect(results[1]?.snippet).toMatch(/ & more\.$/)
    expect(results[1]?.domain).toBe('pubmed.ncbi.nlm.nih.gov')
  })

  it('honours a smaller limit', async () => {
    const { provider } = run(adapter)
    expect(await provider.search('crispr', { limit: 3 })).toHaveLength(3)
  })

  it('keeps only allowed domains (sub-domains included) and drops denied ones', async () => {
    const allowed = await run(adapter).provider.search('crispr', { domainFilter: ['nature.com'] })
    expect(allowed.map((r) => r.domain)).toEqual(['nature.com', 'blog.nature.com'])
    const denied = await run(adapter).provider.search('crispr', {
      domainFilter: ['-pinterest.com', '-nih.gov'],
    })
    expect(denied.map((r) => r.domain)).not.toContain('pinterest.com')
    expect(denied.some((r) => r.domain.endsWith('nih.gov'))).toBe(false)
    expect(denied).toHaveLength(9)
  })

  it('turns an HTTP error into ProviderError naming the provider', async () => {
    const { provider } = run(adapter, jsonResponse({ error: 'unauthorized' }, 401))
    const error = await provider.search('crispr', {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderError)
    expect(error).toMatchObject({ provider: adapter.name, details: { status: 401 } })
  })

  it('turns a network failure and an unexpected body into ProviderError', async () => {
    await expect(run(adapter, new TypeError('dns')).provider.search('q', {})).rejects.toMatchObject(
      {
        provider: adapter.name,
      },
    )
    const odd = run(adapter, jsonResponse({ results: 'nope', web: { results: 'nope' } }))
    await expect(odd.provider.search('q', {})).rejects.toBeInstanceOf(ProviderError)
  })
})

describe('provider-specific requests', () => {
  it('Brave: sends the key header, freshness and a single allowed domain as site:', async () => {
    const { provider, calls } = run(ADAPTERS[0]!)
    await provider.search('crispr', { recency: 'week', domainFilter: ['nature.com'] })
    const url = new URL(calls[0]?.url ?? '')
    expect(url.origin + url.pathname).toBe('https://api.search.brave.com/res/v1/web/search')
    expect(url.searchParams.get('q')).toBe('crispr site:nature.com')
    expect(url.searchParams.get('freshness')).toBe('pw')
    expect(url.searchParams.get('count')).toBe('20')
    expect(headersOf(calls[0])['x-subscription-token']).toBe('brave-key')
  })

  it('Brave: maps page_age to an ISO date and the thumbnail to image', async () => {
    const [first] = await run(ADAPTERS[0]!).provider.search('crispr', {})
    expect(first).toMatchObject({
      date: '2015-01-19T00:00:00.000Z',
      image: 'https://imgs.search.brave.com/thumb-0.jpg',
    })
  })

  it.each([
    ['day', 'pd'],
    ['month', 'pm'],
    ['year', 'py'],
  ] as const)('Brave: recency %s becomes freshness=%s', async (recency, freshness) => {
    const { provider, calls } = run(ADAPTERS[0]!)
    await provider.search('crispr', { recency })
    expect(new URL(calls[0]?.url ?? '').searchParams.get('freshness')).toBe(freshness)
  })

  it('Tavily: posts the query with Bearer auth, time_range and include/exclude domains', async () => {
    const { provider, calls } = run(ADAPTERS[1]!)
    await provider.search('crispr', {
      recency: 'month',
      limit: 5,
      domainFilter: ['nature.com', '-pinterest.com'],
    })
    expect(calls[0]?.url).toBe('https://api.tavily.com/search')
    expect(calls[0]?.init.method).toBe('POST')
    expect(headersOf(calls[0]).authorization).toBe('Bearer tvly-key')
    expect(JSON.parse(String(calls[0]?.init.body))).toMatchObject({
      query: 'crispr',
      max_results: 5,
      time_range: 'month',
      include_domains: ['nature.com'],
      exclude_domains: ['pinterest.com'],
    })
  })

  it('Tavily: converts published_date to ISO when present', async () => {
    const [first, second] = await run(ADAPTERS[1]!).provider.search('crispr', {})
    expect(first?.date).toBe('2015-01-19T00:00:00.000Z')
    expect(second?.date).toBeUndefined()
  })

  it('SearXNG: asks the instance for JSON with time_range and resolves protocol-relative images', async () => {
    const { provider, calls } = run(ADAPTERS[2]!)
    const results = await provider.search('crispr', { recency: 'year' })
    const url = new URL(calls[0]?.url ?? '')
    expect(url.origin + url.pathname).toBe('https://searx.example.org/search')
    expect(url.searchParams.get('format')).toBe('json')
    expect(url.searchParams.get('time_range')).toBe('year')
    expect(results[0]?.image).toBe('https://www.nature.com/thumb.jpg')
    expect(results[1]?.image).toBe('https://pubmed.ncbi.nlm.nih.gov/relative-scheme.png')
    expect(results[2]?.image).toBeUndefined()
  })
})
