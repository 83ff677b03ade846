import { describe, expect, it } from 'vitest'
import { ProviderError } from '../../workers/errors'
import {
  createAcademicSearch,
  parseArxivFeed,
  type ArxivClient,
  type CrossrefClient,
  type CrossrefWork,
  type WebSearchProvider,
  type WebSearchResult,
} from '../../workers/sources'
import { arxivFixture } from './helpers'

const papers = parseArxivFeed(arxivFixture('q_testing_s0_m10_'))

const work = (doi: string, title: string, extra: Partial<CrossrefWork> = {}): CrossrefWork => ({
  doi,
  title,
  year: 2022,
  venue: 'Journal of Tests',
  authors: ['A. Author'],
  abstract: `An abstract about ${title.toLowerCase()}.`,
  type: 'journal-article',
  url: `https://doi.org/${doi}`,
  ...extra,
})

function corpusOf(results: WebSearchResult[]): WebSearchProvider {
  return { name: 'corpus', search: async (_q, options) => results.slice(0, options.limit ?? 10) }
}

function academic(options: {
  arxiv?: ArxivClient['search']
  crossref?: CrossrefClient['search']
  corpus?: WebSearchProvider
}) {
  const arxiv: ArxivClient = {
    search: options.arxiv ?? (async () => papers),
    byIds: async () => [],
  }
  const crossref: CrossrefClient = {
    search:
      options.crossref ??
      (async () => [
        // Same paper as arXiv's first result, found through its journal DOI.
        work('10.1109/ICSTW55395.2022.00035', 'Testing Deep Learning Models'),
        work('10.1000/unique-1', 'Mutation testing at scale'),
      ]),
    byDoi: async () => null,
  }
  const corpus = options.corpus ?? corpusOf([])
  return createAcademicSearch({
    scholarly: { arxiv, crossref },
    corpus,
    now: () => Date.parse('2024-06-01'),
  })
}

describe('createAcademicSearch', () => {
  it('interleaves corpus, arXiv and Crossref, labelled by domain', async () => {
    const corpus = corpusOf([
      {
        title: 'Local note',
        url: 'https://corpus.quire.local/s/1',
        snippet: 'note',
        domain: 'corpus',
        sourceId: 's1',
      },
    ])
    const results = await academic({ corpus }).search('testing', { limit: 5 })
    // Round 1: corpus, arXiv #1 (Crossref #1 is the same paper); round 2: arXiv #2, Crossref #2.
    expect(results.map((r) => r.domain)).toEqual([
      'corpus',
      'arxiv.org',
      'arxiv.org',
      'doi.org',
      'arxiv.org',
    ])
    expect(results[1]).toMatchObject({
      title: papers[0]?.title,
      url: 'https://arxiv.org/abs/2202.12139v1',
      date: '2022-02-24T15:05:19Z',
    })
    expect(results[3]).toMatchObject({ url: 'https://doi.org/10.1000/unique-1', date: '2022' })
  })

  it('de-duplicates a Crossref record of a paper arXiv already returned (by DOI)', async () => {
    const results = await academic({}).search('testing', {})
    const urls = results.map((r) => r.url)
    expect(urls).not.toContain('https://doi.org/10.1109/ICSTW55395.2022.00035')
    expect(urls).toContain('https://arxiv.org/abs/2202.12139v1')
  })

  it('de-duplicates the same arXiv paper coming from the corpus under another version', async () => {
    const corpus = corpusOf([
      {
        title: 'copy',
        url: 'http://arxiv.org/abs/2202.12139v2',
        snippet: '',
        domain: 'arxiv.org',
        sourceId: 's9',
      },
    ])
    const results = await academic({ corpus }).search('testing', {})
    expect(results.filter((r) => r.url.includes('2202.12139'))).toHaveLength(1)
  })

  it('still answers when one source fails', async () => {
    const results = await academic({
      arxiv: async () => {
        throw new ProviderError('arxiv', 'down')
      },
    }).search('testing', {})
    expect(results.map((r) => r.domain)).toEqual(['doi.org', 'doi.org'])
  })

  it('fails with ProviderError("academic") when every source fails', async () => {
    const fail = async (): Promise<never> => {
      throw new ProviderError('x', 'down')
    }
    const corpus: WebSearchProvider = { name: 'corpus', search: fail }
    const error = await academic({ arxiv: fail, crossref: fail, corpus })
      .search('testing', {})
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ provider: 'academic' })
  })

  it('applies the limit, the domain filter and recency', async () => {
    expect(await academic({}).search('testing', { limit: 2 })).toHaveLength(2)
    const onlyDoi = await academic({}).search('testing', { domainFilter: ['doi.org'] })
    // Crossref's second work; its first is the arXiv paper's journal DOI, merged into arXiv's.
    expect(onlyDoi.map((r) => r.domain)).toEqual(['doi.org'])
    let sortBy: string | undefined
    const recent = await academic({
      arxiv: async (_q, options) => {
        sortBy = options?.sortBy
        return papers
      },
    }).search('testing', { recency: 'year' })
    expect(sortBy).toBe('submittedDate')
    // Three of the recorded feed's ten papers fall within the year before `now`.
    expect(recent).toHaveLength(3)
    for (const result of recent)
      expect(Date.parse(result.date ?? '')).toBeGreaterThan(Date.parse('2023-05-01'))
  })
})
