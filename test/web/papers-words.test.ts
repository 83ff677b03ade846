// The Papers view's pure parts (web/src/papers/): checked page citations become links to the
// PDF at their page, unchecked markers are dropped, and quota, status and answer words never
// make an exhausted quota, a failed paper or an abstention read like a normal state.
import { describe, expect, it } from 'vitest'
import { atPage, linkPageCitations } from '../../web/src/papers/citations'
import type { ChatResult, QuotaView } from '../../web/src/papers/types'
import {
  answerStatus,
  loadProgress,
  paperStatusText,
  quotaLines,
  searchSummary,
} from '../../web/src/papers/words'

const citation = {
  title: 'PaSa: An LLM Agent for Comprehensive Academic Paper Search',
  page: 3,
  paper_id: 'arxiv:2501.10120',
}
const href = (id: string, page: number) =>
  id === citation.paper_id ? atPage('https://arxiv.org/pdf/2501.10120', page) : null

describe('page citations in the view', () => {
  it('links a checked citation to the PDF at its page', () => {
    const { markdown, dropped } = linkPageCitations(
      'PaSa searches in two stages [PaSa: An LLM Agent for Comprehensive Academic Paper Search, Page 3].',
      [citation],
      href,
    )
    expect(dropped).toBe(0)
    expect(markdown).toContain('href="https://arxiv.org/pdf/2501.10120#page=3"')
    expect(markdown).toContain('data-page="3"')
    expect(markdown).toContain('PaSa, p.&nbsp;3')
  })

  it('drops a marker that names no checked citation instead of showing it as real', () => {
    const { markdown, dropped } = linkPageCitations(
      'A claim [Some Other Paper, Page 9]. Another [PaSa: An LLM Agent for Comprehensive Academic Paper Search, Page 7].',
      [citation],
      href,
    )
    expect(dropped).toBe(2)
    expect(markdown).toBe('A claim. Another.')
  })

  it('escapes a title so it cannot inject markup, and shows no link when no PDF can open', () => {
    const odd = { title: 'A <b>bold</b> "title"', page: 2, paper_id: 'upload:abc' }
    const { markdown } = linkPageCitations('Text [A <b>bold</b> "title", Page 2].', [odd], href)
    expect(markdown).not.toContain('<b>')
    expect(markdown).toContain('<span class="page-cite"')
    expect(markdown).not.toContain('href=')
  })

  it('replaces an existing fragment when pointing a PDF at a page', () => {
    expect(atPage('blob:http://x/abc#page=1', 5)).toBe('blob:http://x/abc#page=5')
  })
})

describe('papers view words', () => {
  const counter = (left: number, cooldown: number | null) => ({
    used: 3 - left,
    limit: 3,
    left,
    cooldown_until: cooldown,
  })
  it('says how many uses are left, or the minutes until a cooldown ends', () => {
    const quota: QuotaView = {
      search: counter(0, 10 * 60_000),
      chat: counter(2, null),
      api_cooldown_until: null,
    }
    expect(quotaLines(quota, 0)).toEqual([
      'Searches: none left, again in 10 minutes',
      'Chat messages: 2 of 3 left',
    ])
  })

  it('puts the provider cooldown first', () => {
    const quota: QuotaView = {
      search: counter(3, null),
      chat: counter(3, null),
      api_cooldown_until: 30 * 60_000,
    }
    expect(quotaLines(quota, 60_000)[0]).toBe('Model provider out of quota: paused for 29 minutes')
  })

  it('names a failed paper with its reason and counts it as done', () => {
    const failed = {
      id: 'a',
      title: 'A',
      status: 'failed' as const,
      pages: 0,
      error: '404',
      pdf_url: null,
      arxiv_id: null,
    }
    const loading = { ...failed, id: 'b', status: 'loading' as const, error: undefined }
    expect(paperStatusText(failed)).toBe('Failed: 404')
    expect(paperStatusText(loading)).toBe('Loading…')
    const waiting = { ...loading, error: 'attempt 1 failed (HTTP 503); trying again in 10 s' }
    expect(paperStatusText(waiting)).toBe(
      'Loading… (attempt 1 failed (HTTP 503); trying again in 10 s)',
    )
    expect(loadProgress([failed, loading])).toEqual({ done: 1, total: 2 })
  })

  it('never reads an abstention or an offline answer as a normal one', () => {
    const base: ChatResult = {
      answer: '',
      citations: [citation],
      sources: [],
      abstained: false,
      mode: 'online',
    }
    expect(answerStatus(base)).toBe('Answer ready · 1 page cited, each checked.')
    expect(answerStatus({ ...base, mode: 'offline' })).toMatch(/^Offline answer/)
    expect(answerStatus({ ...base, mode: 'degraded' })).toMatch(/^Degraded answer/)
    expect(answerStatus({ ...base, abstained: true, citations: [] })).toMatch(/^No answer/)
  })

  it('says when a search fell back from the model rewrite', () => {
    const counter = { used: 1, limit: 3, left: 2, cooldown_until: null }
    const result = {
      query: 'q',
      arxiv_query: 'deep testing',
      query_kind: 'keywords' as const,
      mode: 'degraded' as const,
      fallbacks: [{ stage: 'query_rewrite', reason: 'the model failed (timeout)' }],
      papers: [],
      quota: { search: counter, chat: counter, api_cooldown_until: null },
    }
    expect(searchSummary(result)).toBe(
      '0 papers for “q”, searched by its keywords: deep testing (degraded: Rewriting the search: the model failed (timeout))',
    )
    expect(searchSummary({ ...result, mode: 'online', fallbacks: [] })).not.toMatch(/degraded/)
  })
})
