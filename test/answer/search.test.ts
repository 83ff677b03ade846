import { describe, expect, it } from 'vitest'
import { MAX_RESULTS, searchSources } from '../../workers/answer/search'
import { ProviderError } from '../../workers/errors'
import { aResult, aState } from './builders'
import { failingSearch, fakeDeps, fixedSearch } from './fake-deps'

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
    const deps = fakeDeps({ corpusSearch: corpus, academicSearch: academic })
    await searchSources(aState({ options: { search_mode: 'corpus' } }), deps, never)
    await searchSources(aState({ options: { search_mode: 'academic' } }), deps, never)
    expect([corpus.calls, academic.calls]).toEqual([1, 1])
  })

  it('lets a provider failure propagate for the pipeline to turn into a graceful answer', async () => {
    const deps = fakeDeps({
      webSearch: failingSearch(new ProviderError('brave', 'Brave returned 500')),
    })
    await expect(searchSources(aState(), deps, never)).rejects.toThrow('Brave returned 500')
  })
})
