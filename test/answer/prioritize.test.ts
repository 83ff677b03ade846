import { describe, expect, it } from 'vitest'
import { classifyTopic, credibility } from '../../workers/answer/credibility'
import { dedupeKey, MAX_RANKED, prioritizeSources } from '../../workers/answer/prioritize'
import { aResult, aState } from './builders'

describe('prioritize_sources (the credibility heuristic, no model call)', () => {
  const results = [
    aResult(1, { domain: 'reddit.com', url: 'https://reddit.com/r/health/1' }),
    aResult(2, { domain: 'blog.example.com' }),
    aResult(3, { domain: 'cdc.gov', url: 'https://www.cdc.gov/vitamin-d' }),
    aResult(4, { domain: 'nih.gov', url: 'https://ods.nih.gov/factsheets' }),
    aResult(5, { domain: 'cdc.gov', url: 'https://www.cdc.gov/other' }),
    aResult(6, { domain: 'nejm.org' }),
    aResult(7, { domain: 'quora.com' }),
    aResult(8, { domain: 'wikipedia.org' }),
  ]

  it('returns at most 5 sources and leaves the search results untouched', async () => {
    const before = structuredClone(results)
    const state = await prioritizeSources(aState({ results }))
    expect(state.ranked.length).toBeLessThanOrEqual(MAX_RANKED)
    expect(state.results).toEqual(before)
    for (const source of state.ranked) {
      const original = results.find((r) => r.url === source.url)
      expect(original).toBeDefined()
      expect(source.title).toBe(original?.title)
      expect(source.snippet).toBe(original?.snippet)
    }
    expect(state.ranked.map((s) => s.rank)).toEqual(state.ranked.map((_, i) => i + 1))
  })

  it('puts government and journal sources first for a health question', async () => {
    const state = await prioritizeSources(aState({ results }))
    expect(state.ranked.slice(0, 3).map((s) => s.domain)).toEqual([
      'cdc.gov',
      'nih.gov',
      'nejm.org',
    ])
    expect(state.ranked.map((s) => s.domain)).not.toContain('reddit.com')
  })

  it('keeps only the best-ranked result per domain', async () => {
    const state = await prioritizeSources(aState({ results }))
    const domains = state.ranked.map((s) => s.domain)
    expect(new Set(domains).size).toBe(domains.length)
    expect(state.ranked.find((s) => s.domain === 'cdc.gov')?.url).toBe(
      'https://www.cdc.gov/vitamin-d',
    )
  })

  it('tells papers on one host apart instead of collapsing them', () => {
    const a = aResult(1, { domain: 'arxiv.org', url: 'https://arxiv.org/abs/1' })
    const b = aResult(2, { domain: 'arxiv.org', url: 'https://arxiv.org/abs/2' })
    expect(dedupeKey(a)).not.toBe(dedupeKey(b))
    expect(dedupeKey(aResult(3, { sourceId: 's1' }))).toBe(
      dedupeKey(aResult(4, { sourceId: 's1' })),
    )
  })

  it('keeps the search order among equally credible sources', async () => {
    const plain = [1, 2, 3].map((n) => aResult(n))
    const state = await prioritizeSources(aState({ query: 'anything', results: plain }))
    expect(state.ranked.map((s) => s.url)).toEqual(plain.map((r) => r.url))
  })

  it('returns nothing to rank when search found nothing', async () => {
    const state = await prioritizeSources(aState({ results: [] }))
    expect(state.ranked).toEqual([])
  })
})

describe('domain credibility', () => {
  it('classifies topics from the question', () => {
    expect(classifyTopic('What are US passport renewal requirements?')).toBe('policy')
    expect(classifyTopic('How do I set CORS headers in an HTTP API?')).toBe('tech')
    expect(classifyTopic('Top Billboard songs of 1999')).toBe('music')
  })

  it('rates standards bodies above forums for tech questions', () => {
    expect(credibility('w3.org', 'tech').score).toBeGreaterThan(
      credibility('reddit.com', 'tech').score,
    )
    expect(credibility('ietf.org', 'tech').reason).toMatch(/authority/)
  })
})
