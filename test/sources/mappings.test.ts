import { describe, expect, it } from 'vitest'
import { NotConfiguredError } from '../../workers/errors'
import {
  applyDomainFilter,
  createWebSearch,
  domainOf,
  parseArxivFeed,
  type CrossrefWork,
  type WebSearchProvider,
  type WebSearchResult,
} from '../../workers/sources'
import { arxivToIndexRequest, crossrefToIndexRequest } from '../../workers/ingest/index-requests'
import { parseWork } from '../../workers/sources/crossref-parse'
import { arxivFixture, crossrefJson, testConfig } from './helpers'

describe('arxivToIndexRequest', () => {
  it('maps a paper to one arxiv source with a page-less title + abstract document', () => {
    const [paper] = parseArxivFeed(arxivFixture('q_testing_s0_m10_'))
    const request = arxivToIndexRequest(paper!)
    expect(request.source).toMatchObject({
      kind: 'arxiv',
      externalId: '2202.12139',
      title: paper?.title,
      year: 2022,
      doi: '10.1109/ICSTW55395.2022.00035',
      url: 'https://arxiv.org/abs/2202.12139v1',
      pdfUrl: 'https://arxiv.org/pdf/2202.12139v1',
    })
    expect(request.documents).toHaveLength(1)
    expect(request.documents[0]?.pages).toEqual([
      { page: null, text: `${paper?.title}\n\n${paper?.abstract}` },
    ])
  })
})

describe('crossrefToIndexRequest', () => {
  const base: CrossrefWork = {
    doi: '10.1000/ABC',
    title: '',
    year: null,
    venue: null,
    authors: [],
    abstract: null,
    type: 'journal-article',
    url: 'https://doi.org/10.1000/ABC',
  }

  it('maps a work with an abstract, keyed by the lower-case DOI', () => {
    const work = parseWork(crossrefJson('habanero_works_doi-10.1109'))
    const withAbstract = { ...work, abstract: 'We measure losses.' }
    const request = crossrefToIndexRequest(withAbstract)
    expect(request?.source).toMatchObject({
      kind: 'crossref',
      externalId: '10.1109/icdcsw.2003.1203662',
    })
    expect(request?.documents[0]?.pages[0]).toEqual({
      page: null,
      text: `${work.title}\n\nWe measure losses.`,
    })
  })

  it('indexes a descriptive title alone and skips works with nothing worth indexing', () => {
    expect(
      crossrefToIndexRequest({ ...base, title: 'Losses in wireless congestion control' }),
    ).not.toBeNull()
    expect(crossrefToIndexRequest({ ...base, title: 'Erratum' })).toBeNull()
    expect(crossrefToIndexRequest(base)).toBeNull()
  })
})

describe('domainOf and applyDomainFilter', () => {
  const result = (url: string): WebSearchResult => ({
    title: url,
    url,
    snippet: '',
    domain: domainOf(url),
  })

  it('lower-cases and strips www.', () => {
    expect(domainOf('https://WWW.Example.ORG/path')).toBe('example.org')
    expect(domainOf('not a url')).toBe('')
  })

  it('treats entries given as URLs or with www. like bare domains', () => {
    const results = [
      result('https://www.who.int/a'),
      result('https://cdc.gov/b'),
      result('https://x.com/c'),
    ]
    expect(
      applyDomainFilter(results, ['https://www.who.int/', 'cdc.gov']).map((r) => r.domain),
    ).toEqual(['who.int', 'cdc.gov'])
    expect(applyDomainFilter(results, ['-X.com']).map((r) => r.domain)).toEqual([
      'who.int',
      'cdc.gov',
    ])
    expect(applyDomainFilter(results, [])).toBe(results)
  })

  it('does not let a look-alike domain through an allow list', () => {
    expect(applyDomainFilter([result('https://evilwho.int/')], ['who.int'])).toEqual([])
  })
})

describe('createWebSearch', () => {
  const corpus: WebSearchProvider = { name: 'corpus', search: async () => [] }

  it('returns the corpus when the provider is "corpus"', () => {
    expect(createWebSearch(testConfig(), corpus)).toBe(corpus)
  })

  it.each([
    [{ SEARCH_PROVIDER: 'brave', BRAVE_API_KEY: 'k' }, 'brave'],
    [{ SEARCH_PROVIDER: 'tavily', TAVILY_API_KEY: 'k' }, 'tavily'],
    [{ SEARCH_PROVIDER: 'searxng', SEARXNG_URL: 'https://searx.example.org' }, 'searxng'],
  ])('builds the configured provider (%o)', (vars, name) => {
    expect(createWebSearch(testConfig(vars), corpus).name).toBe(name)
  })

  it('sends requests to SEARCH_BASE_URL when it overrides the public base URL', async () => {
    const seen: string[] = []
    const config = testConfig({
      SEARCH_PROVIDER: 'brave',
      BRAVE_API_KEY: 'k',
      SEARCH_BASE_URL: 'https://mirror.example.org/brave',
    })
    const provider = createWebSearch(config, corpus, {
      fetchImpl: async (url) => {
        seen.push(url)
        return new Response('{"web":{"results":[]}}', {
          headers: { 'content-type': 'application/json' },
        })
      },
    })
    await provider.search('q', {})
    expect(seen[0]).toMatch(/^https:\/\/mirror\.example\.org\/brave\/web\/search\?/)
  })

  it('raises NotConfiguredError when a key is missing', () => {
    const config = { ...testConfig(), search: { provider: 'tavily' as const } }
    expect(() => createWebSearch(config, corpus)).toThrow(NotConfiguredError)
  })
})
