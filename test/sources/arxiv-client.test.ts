import { describe, expect, it } from 'vitest'
import { ProviderError, ValidationError } from '../../workers/errors'
import { createRateGate, createScholarlyClients, normaliseArxivId } from '../../workers/sources'
import { buildArxivQuery } from '../../workers/sources/arxiv'
import {
  arxivFixture,
  fakeClock,
  headersOf,
  scriptedFetch,
  testConfig,
  textResponse,
} from './helpers'

const atom = (xml: string, status = 200) =>
  textResponse(xml, 'application/atom+xml; charset=utf-8', status)

function clients(...replies: Parameters<typeof scriptedFetch>) {
  const clock = fakeClock()
  const scripted = scriptedFetch(...replies)
  const scholarly = createScholarlyClients(testConfig(), {
    fetchImpl: scripted.fetchImpl,
    now: clock.now,
    sleep: clock.sleep,
    random: () => 0.5,
  })
  return { ...scholarly, ...scripted, clock }
}

describe('buildArxivQuery', () => {
  it('requires every word of a short query', () => {
    expect(buildArxivQuery('Graph neural networks')).toBe(
      'all:graph AND all:neural AND all:networks',
    )
  })

  it('ORs the content words of a long question and drops stopwords', () => {
    expect(buildArxivQuery('What is the effect of dropout on transformer calibration?')).toBe(
      'all:effect OR all:dropout OR all:transformer OR all:calibration',
    )
  })

  it('passes arXiv query syntax through', () => {
    expect(buildArxivQuery('ti:attention AND cat:cs.CL')).toBe('ti:attention AND cat:cs.CL')
  })

  it('refuses a query with nothing to search', () => {
    expect(() => buildArxivQuery(' ?! ')).toThrow(ValidationError)
  })
})

describe('arXiv client', () => {
  it('searches by relevance with the polite User-Agent and parses the feed', async () => {
    const { arxiv, calls } = clients(atom(arxivFixture('q_testing_s0_m10_')))
    const papers = await arxiv.search('testing', { maxResults: 10 })
    expect(papers).toHaveLength(10)
    const url = new URL(calls[0]?.url ?? '')
    expect(url.origin + url.pathname).toBe('https://export.arxiv.org/api/query')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      search_query: 'all:testing',
      start: '0',
      max_results: '10',
      sortBy: 'relevance',
      sortOrder: 'descending',
    })
    const headers = headersOf(calls[0])
    expect(headers['user-agent']).toBe(
      'Quire/0.1 (+https://github.com/quire; mailto:tests@quire.invalid)',
    )
  })

  it('looks papers up by id, with versions and URL forms normalised', async () => {
    const { arxiv, calls } = clients(atom(arxivFixture('id_0808.05394_1707.08567')))
    const papers = await arxiv.byIds(['https://arxiv.org/abs/0808.05394', 'arXiv:1707.08567v1'])
    expect(papers.map((p) => p.id)).toEqual(['1707.08567'])
    expect(new URL(calls[0]?.url ?? '').searchParams.get('id_list')).toBe('0808.05394,1707.08567v1')
  })

  it('refuses malformed ids and empty queries before calling arXiv', async () => {
    const { arxiv, calls } = clients()
    await expect(arxiv.byIds(['abc'])).rejects.toBeInstanceOf(ValidationError)
    await expect(arxiv.search(' ?! ')).rejects.toBeInstanceOf(ValidationError)
    expect(calls).toHaveLength(0)
    expect(normaliseArxivId('hep-th/9901001v2')).toBe('hep-th/9901001v2')
  })

  it("turns arXiv's HTTP 400 error feed into a ValidationError", async () => {
    const { arxiv } = clients(atom(arxivFixture('id_abc'), 400))
    await expect(arxiv.search('ti:abc')).rejects.toThrow(/incorrect id format for abc/)
  })

  it('waits three seconds between requests (rate limit on an injected clock)', async () => {
    const { arxiv, clock } = clients(
      atom(arxivFixture('id_0000.0000')),
      atom(arxivFixture('id_0000.0000')),
    )
    await arxiv.search('first query')
    await arxiv.search('second query')
    expect(clock.sleeps).toEqual([3000])
  })

  it('retries a 503 after backoff, then succeeds', async () => {
    const { arxiv, clock, calls } = clients(
      textResponse('busy', 'text/plain', 503),
      atom(arxivFixture('id_1605.08386')),
    )
    const papers = await arxiv.search('heat bath')
    expect(papers).toHaveLength(1)
    expect(calls).toHaveLength(2)
    // backoff 750 ms (1 s step, jitter 0.5), then the gate's remaining 2250 ms
    expect(clock.sleeps).toEqual([750, 2250])
  })

  it('gives up with ProviderError("arxiv") after three failed attempts', async () => {
    const down = () => textResponse('down', 'text/plain', 502)
    const { arxiv, calls } = clients(down, down, down)
    const error = await arxiv.search('anything').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderError)
    expect((error as ProviderError).provider).toBe('arxiv')
    expect(calls).toHaveLength(3)
  })

  it('reports a malformed feed as a typed parse error', async () => {
    const { arxiv } = clients(atom(arxivFixture('q_testing_s0_m10_').slice(0, 5000)))
    await expect(arxiv.search('testing')).rejects.toMatchObject({
      code: 'source_unreadable',
      provider: 'arxiv',
    })
  })
})

describe('createRateGate', () => {
  it('hands out slots three seconds apart to callers that race', async () => {
    const wakeUps: number[] = []
    const gate = createRateGate({
      intervalMs: 3000,
      now: () => 10_000,
      sleep: async (ms) => void wakeUps.push(10_000 + ms),
    })
    await Promise.all([gate.wait(), gate.wait(), gate.wait()])
    expect(wakeUps).toEqual([13_000, 16_000])
  })
})
