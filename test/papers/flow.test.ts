// Paper Brain end to end, offline: search (recorded arXiv feed) -> load by indices through the
// ingest queue (fixture PDFs; one link fails and is marked) -> chat with page citations that
// are checked against the PDF's own pages -> abstention on a question the papers do not answer.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { SCHOLARLY_NAMESPACE } from '../../workers/namespaces'
import { extractPdfPages, type PdfPage } from '../../workers/sources'
import { createSession, type CreatedSession } from '../session/helpers'
import { loadThroughQueue, papersEnv, pdfFixture, type PapersEnv } from './helpers'

interface Hit {
  index: number
  arxiv_id: string
  title: string
  authors: string[]
  year: number | null
  abstract: string
  pdf_url: string
}
interface ChatBody {
  answer: string
  citations: { title: string; page: number; paper_id: string }[]
  sources: { title: string; page: number }[]
  abstained: boolean
  mode: string
}

const squash = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, '').toLowerCase()
const pdfs = new Map<string, string>()
let world: PapersEnv
let session: CreatedSession
let hits: Hit[]
let pages: PdfPage[]

beforeAll(async () => {
  world = papersEnv(pdfs)
  session = await createSession()
  pages = await extractPdfPages(await pdfFixture('grobid'))
}, 60_000)

const post = (path: string, json: unknown) =>
  world.request(path, { method: 'POST', token: session.token, json })

describe('paper discovery, loading and chat', () => {
  it('searches arXiv for 15 and returns the top 10 with their metadata and the quota', async () => {
    const res = await post('/api/papers/search', {
      session_id: session.sessionId,
      query: 'how are deep learning models tested',
    })
    expect(res.status).toBe(200)
    const body = await res.json<{
      papers: Hit[]
      query_kind: string
      quota: { search: { used: number } }
    }>()
    expect(body.query_kind).toBe('keywords')
    expect(body.papers).toHaveLength(10)
    expect(body.papers.map((p) => p.index)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    for (const paper of body.papers) {
      expect(paper.title.length).toBeGreaterThan(5)
      expect(paper.arxiv_id).toMatch(/^\d{4}\.\d{4,5}$/)
      expect(paper.pdf_url).toMatch(/^https:\/\/arxiv\.org\/pdf\//)
      expect(paper.abstract.length).toBeGreaterThan(50)
      expect(paper.authors.length).toBeGreaterThan(0)
      expect(paper.year).toBeGreaterThan(1990)
    }
    expect(world.arxivUrls.at(-1)).toContain('max_results=15')
    expect(body.quota.search.used).toBe(1)
    hits = body.papers
  })

  it('keeps what the search found in the scholarly cache, never in the public library', async () => {
    const ids = hits.map((h) => h.arxiv_id)
    const places = ids.map(() => '?').join(', ')
    const { results } = await env.DB.prepare(
      `SELECT namespace, external_id FROM sources WHERE kind = 'arxiv' AND external_id IN (${places})`,
    )
      .bind(...ids)
      .all<{ namespace: string; external_id: string }>()
    expect(new Set(results.map((r) => r.external_id))).toEqual(new Set(ids))
    expect(new Set(results.map((r) => r.namespace))).toEqual(new Set([SCHOLARLY_NAMESPACE]))
  })

  it('searches a title-looking query verbatim, in quotes, in the title field', async () => {
    await post('/api/papers/search', {
      session_id: session.sessionId,
      query: 'Ultra Light Bosonic Dark Matter and CMB',
    })
    const url = decodeURIComponent(world.arxivUrls.at(-1) ?? '').replace(/\+/g, ' ')
    expect(url).toContain('search_query=ti:"Ultra Light Bosonic Dark Matter and CMB"')
  })

  it('loads papers by index per page and marks a failing one with its reason', async () => {
    // The second search replaced the remembered results: index them again from it.
    const res0 = await post('/api/papers/search', {
      session_id: session.sessionId,
      query: 'testing deep learning',
    })
    hits = (await res0.json<{ papers: Hit[] }>()).papers
    pdfs.set(hits[0]?.pdf_url ?? '', 'grobid')
    const load = await loadThroughQueue(world, session, { indices: [1, 2] })
    expect(load.status).toBe(202)
    expect(load.accepted.papers.map((p) => p.status)).toEqual(['queued', 'queued'])
    expect(load.accepted.jobs).toHaveLength(2)
    const [first, second] = load.papers
    expect(first).toMatchObject({ status: 'loaded', pages: pages.length, title: hits[0]?.title })
    expect(second).toMatchObject({ status: 'failed' })
    expect(second?.error).toMatch(/404/)
    const list = await world.request(`/api/papers/${session.sessionId}`, { token: session.token })
    const listed = await list.json<{ quota: { search: { left: number } } }>()
    expect(listed.quota.search.left).toBe(0)
  })

  it('answers offline with page citations whose pages hold the cited sentences', async () => {
    const res = await post('/api/papers/chat', {
      session_id: session.sessionId,
      message: 'How does more cold dark matter change the amplitude of the CMB oscillations?',
    })
    expect(res.status).toBe(200)
    const body = await res.json<ChatBody>()
    expect(body.mode).toBe('offline')
    expect(body.abstained).toBe(false)
    expect(body.answer).toMatch(/^Offline answer/)
    expect(body.citations.length).toBeGreaterThan(0)
    const title = hits[0]?.title ?? ''
    const cited = [...body.answer.matchAll(/([^.\]]+\.)\s\[([^\]]+), Page (\d+)\]/g)]
    expect(cited.length).toBeGreaterThan(0)
    for (const [, sentence = '', citedTitle, page] of cited) {
      expect(citedTitle).toBe(title)
      const text = pages.find((p) => p.page === Number(page))?.text ?? ''
      expect(squash(text)).toContain(squash(sentence).slice(-60))
    }
    expect(body.answer).toMatch(/diminishes the amplitude of the oscillations/)
    for (const c of body.citations) expect(c.paper_id).toBe(`arxiv:${hits[0]?.arxiv_id}`)
  })

  it('streams the chat as SSE when asked, the checked answer in the done packet', async () => {
    const res = await world.request('/api/papers/chat', {
      method: 'POST',
      token: session.token,
      json: {
        session_id: session.sessionId,
        message: 'What optical depth of reionization is needed for the CMB spectrum?',
      },
      headers: { Accept: 'text/event-stream' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toMatch(/text\/event-stream/)
    const text = await res.text()
    expect(text).toContain('"sources"')
    expect(text).toMatch(/"citations":\[\{"title"/)
    expect(text).toContain('"abstained":false')
  })

  it('abstains, citing nothing, when the loaded papers do not address the question', async () => {
    const res = await post('/api/papers/chat', {
      session_id: session.sessionId,
      message: 'Which sourdough starter hydration gives the most open crumb in rye bread?',
    })
    const body = await res.json<ChatBody>()
    expect(body.abstained).toBe(true)
    expect(body.citations).toEqual([])
    expect(body.sources).toEqual([])
  })

  it("keeps the session's log in the seed's shape: chunks with scores, embedding calls, token metrics", async () => {
    const res = await world.request(`/api/papers/${session.sessionId}/log`, {
      token: session.token,
    })
    expect(res.status).toBe(200)
    const log = await res.json<{
      session_id: string
      title: string
      mode: string
      timestamp_start: string
      timestamp_end: string
      rag_chunks: { page: number; score: number; paper_title: string; token_count: number }[]
      api_calls_embeddings: { model: string; token_count: number; latency_ms: number }[]
      api_calls_llm: unknown[]
      requests: {
        mode: string
        prompt_tokens: number
        completion_tokens: number
        chunk_tokens: number
        tokens_from: string[]
        latency_ms: { total: number }
      }[]
    }>()
    expect(log.session_id).toBe(session.sessionId)
    expect(log.title).toBe('how are deep learning models tested')
    expect(log.mode).toBe('multi_paper_rag')
    expect(Date.parse(log.timestamp_end)).toBeGreaterThanOrEqual(Date.parse(log.timestamp_start))
    expect(log.rag_chunks.length).toBeGreaterThan(0)
    for (const chunk of log.rag_chunks) {
      expect(chunk.page).toBeGreaterThan(0)
      expect(Number.isFinite(chunk.score)).toBe(true)
      expect(chunk.token_count).toBeGreaterThan(0)
    }
    expect(log.api_calls_embeddings.length).toBeGreaterThan(0)
    expect(log.api_calls_embeddings[0]?.token_count).toBeGreaterThan(0)
    // Offline: no model was called, and the log does not pretend one was.
    expect(log.api_calls_llm).toEqual([])
    const modes = log.requests.map((r) => r.mode)
    expect(modes).toContain('paper_brain')
    expect(modes).toContain('multi_paper_rag')
    const chats = log.requests.filter((r) => r.mode === 'multi_paper_rag')
    expect(chats.some((r) => r.chunk_tokens > 0)).toBe(true)
    // No model call, so no model tokens, and no claim about how they were counted.
    for (const request of log.requests) {
      expect(request).toMatchObject({ prompt_tokens: 0, completion_tokens: 0, tokens_from: [] })
    }
  })

  it('refuses the log without the session token', async () => {
    const res = await world.request(`/api/papers/${session.sessionId}/log`)
    expect(res.status).toBe(401)
  })
})
