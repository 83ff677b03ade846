import { describe, expect, it } from 'vitest'
import { MAX_RESULTS, searchSources } from '../../workers/answer/search'
import { ProviderError } from '../../workers/errors'
import type { WebSearchOptions } from '../../workers/sources'
import { aResult, aState } from './builders'
import { failingSearch, fakeDeps, fixedSearch, hangingSearch } from './fake-deps'

const never = new AbortController().signal

describe('search stage', () => {
  it('returns at most 10 results, each with title, url, snippet and domain', async () => {
    const many = Array.from({ length: 14 }, (_, i) => aResult(i + 1))
    const state = await searchSources(aState(), fakeDeps({ webSearch: fixedSearch(many) }), never)
    expect(state.results).toHaveLength(MAX_RESULTS)
    for (const result of state.results) {
      expect(result.title).toBeTruthy()
      expect(result.url).toMatch(/^https:\/\//)
      expect(typeof result.snippet).toBe('string')
      expect(result.domain).toBeTruthy()
    }
  })

  it('drops malformed results and fills in a missing domain', async () => {
    const results = [
      aResult(1, { title: '' }),
      aResult(2, { domain: '', url: 'https://www.Example.org/a' }),
      aResult(3, { url: 'not a url', domain: '' }),
    ]
    const state = await searchSources(
      aState(),
      fakeDeps({ webSearch: fixedSearch(results) }),
      never,
    )
    expect(state.results.map((r) => r.domain)).toEqual(['example.org'])
  })

  it('applies the domain filter even when the provider ignores it', async () => {
    const results = [aResult(1, { domain: 'cdc.gov' }), aResult(2, { domain: 'spam.example' })]
    const deps = fakeDeps({ webSearch: fixedSearch(results) })
    const state = await searchSources(
      aState({ options: { search_domain_filter: ['-spam.example'] } }),
      deps,
      never,
    )
    expect(state.results.map((r) => r.domain)).toEqual(['cdc.gov'])
  })

  it('uses the corpus or the academic provider when asked', async () => {
    const corpus = fixedSearch([aResult(1)], 'corpus')
    const academic = fixedSearch([aResult(2)], 'academic')
    const deps = fakeDeps({ corpusSearch: corpus, academicSearch: () => academic })
    await searchSources(aState({ options: { search_mode: 'corpus' } }), deps, never)
    expect([corpus.calls, academic.calls]).toEqual([1, 0])
    // Academic search runs beside the library search (its fallback when arXiv is down).
    await searchSources(aState({ options: { search_mode: 'academic' } }), deps, never)
    expect([corpus.calls, academic.calls]).toEqual([2, 1])
  })

  it('falls back to the library, listed, when arXiv and Crossref do not answer in time', async () => {
    const corpus = fixedSearch([aResult(1)], 'corpus')
    const deps = fakeDeps({
      corpusSearch: corpus,
      academicSearch: () => hangingSearch(),
      timeouts: { searchMs: 80 },
    })
    const state = await searchSources(aState({ options: { search_mode: 'academic' } }), deps, never)
    expect(state.results.map((r) => r.title)).toEqual(['Result 1'])
    expect(state.fallbacks).toEqual([
      {
        stage: 'search.academic',
        reason: 'arXiv and Crossref did not answer in time; searched the library only',
      },
    ])
  })

  it('searches the library and says so when web search is asked for but not configured', async () => {
    const corpus = fixedSearch([aResult(1)], 'corpus')
    const web = fixedSearch([aResult(2)], 'web')
    const deps = fakeDeps({ corpusSearch: corpus, webSearch: web, webSearchConfigured: false })
    const state = await searchSources(aState({ options: { search_mode: 'web' } }), deps, never)
    expect([corpus.calls, web.calls]).toEqual([1, 0])
    expect(state.fallbacks).toEqual([
      {
        stage: 'search.web',
        reason: 'no web search provider is configured; searched the library instead',
      },
    ])
    // The default (no search_mode) is the configured provider: nothing fell back.
    const plain = await searchSources(aState(), deps, never)
    expect(plain.fallbacks).toEqual([])
  })

  it('passes on what fell back inside search, and asks providers for no model call', async () => {
    const seen: unknown[] = []
    const provider = {
      name: 'reporting',
      search: async (_q: string, options: WebSearchOptions) => {
        seen.push(options.allowModel)
        options.reportFallback?.({
          stage: 'retrieval.feedback',
          reason: 'failed; searched without it',
        })
        return [aResult(1)]
      },
    }
    const state = await searchSources(aState(), fakeDeps({ webSearch: provider }), never)
    expect(seen).toEqual([false])
    expect(state.fallbacks).toEqual([
      { stage: 'retrieval.feedback', reason: 'failed; searched without it' },
    ])
  })

  it('lets a provider failure propagate for the pipeline to turn into a graceful answer', async () => {
    const deps = fakeDeps({
      webSearch: failingSearch(new ProviderError('brave', 'Brave returned 500')),
    })
    await expect(searchSources(aState(), deps, never)).rejects.toThrow('Brave returned 500')
  })
})
