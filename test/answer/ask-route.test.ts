// POST /api/ask and GET /api/progress/:session through the app and SessionDO, offline.
import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { app } from '../../workers/app'
import { ProviderError } from '../../workers/errors'
import { aResult } from './builders'
import { ask, bearer, readSse, scriptSearch } from './route-helpers'

const results = [
  aResult(1, {
    title: 'Vitamin D and fracture prevention',
    domain: 'nih.gov',
    url: 'https://www.nih.gov/vitamin-d',
    snippet: 'Vitamin D supplements alone did not reduce fractures in community-dwelling adults.',
  }),
  aResult(2, {
    title: 'Calcium and bone health',
    domain: 'nejm.org',
    url: 'https://www.nejm.org/calcium',
    snippet:
      'Combined calcium and vitamin D reduced hip fractures in institutionalised older people.',
  }),
]

interface AskBody {
  session_id: string
  token?: string
  answer: string
  sources: { title: string; url: string; image: string | null }[]
  cached: boolean
  mode: string
  search_error?: string
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('POST /api/ask', () => {
  it('answers with 200, a non-empty answer and sources, in a new session with its token', async () => {
    await scriptSearch(results)
    const res = await ask({ query: 'Does vitamin D reduce fractures?' })
    expect(res.status).toBe(200)
    const body = (await res.json()) as AskBody
    expect(body.answer).toMatch(/^\[1\] \w+: “.*fractures/s)
    expect(body.sources.length).toBeGreaterThan(0)
    expect(body.sources[0]).toMatchObject({
      title: expect.any(String),
      url: expect.stringMatching(/^https:/),
    })
    expect(body).toMatchObject({ mode: 'offline', cached: false, token: expect.any(String) })
    expect(res.headers.get('x-quire-session-id')).toBe(body.session_id)
  })

  it('rejects an empty or over-long query with 400', async () => {
    expect((await ask({ query: '   ' })).status).toBe(400)
    expect((await ask({ query: 'x'.repeat(4001) })).status).toBe(400)
    expect((await ask({})).status).toBe(400)
  })

  it('needs the session token to continue a session', async () => {
    await scriptSearch(results)
    const first = (await (await ask({ query: 'Does vitamin D help bones?' })).json()) as AskBody
    const again = { query: 'And calcium?', session_id: first.session_id }
    expect((await ask(again)).status).toBe(401)
    expect((await ask(again, bearer('not-the-token'))).status).toBe(403)
    expect((await ask({ ...again, session_id: crypto.randomUUID() }, bearer('x'))).status).toBe(404)
    expect((await ask(again, bearer(first.token ?? ''))).status).toBe(200)
  })

  it('places every packet of a follow-up answer in its rendered block, not the turn number', async () => {
    await scriptSearch(results)
    const first = (await (await ask({ query: 'Does vitamin D help bones?' })).json()) as AskBody
    const res = await ask(
      { query: 'Does vitamin D reduce fractures in older people?', session_id: first.session_id },
      { ...bearer(first.token ?? ''), accept: 'text/event-stream' },
    )
    const packets = await readSse(res)
    expect(packets.length).toBeGreaterThan(2)
    expect(new Set(packets.map((p) => p.turn_index))).toEqual(new Set([0]))
  })

  it('answers gracefully, not with an error, when search fails', async () => {
    await scriptSearch(async () => {
      throw new ProviderError('brave', 'Brave returned 503')
    })
    const res = await ask({ query: 'What is new in vitamin D research?' })
    expect(res.status).toBe(200)
    const body = (await res.json()) as AskBody
    expect(body.answer).toMatch(/Search failed/)
    expect(body.search_error).toBe('Brave returned 503')
    expect(body.sources).toEqual([])
  })

  it('streams status, token, citation and done packets as SSE', async () => {
    await scriptSearch(results)
    const res = await ask(
      { query: 'Do vitamin D supplements reduce fractures?' },
      { accept: 'text/event-stream' },
    )
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/)
    const packets = await readSse(res)
    const types = new Set(packets.map((p) => p.type))
    expect([...types]).toEqual(
      expect.arrayContaining(['status', 'token', 'citation', 'sources', 'done']),
    )
    expect(packets.at(-1)?.type).toBe('done')
    expect(res.headers.get('x-quire-session-token')).toBeTruthy()
  })

  it('streams [[STATUS]] lines and the answer as text/plain', async () => {
    await scriptSearch(results)
    const res = await ask(
      { query: 'Do vitamin D supplements prevent fractures?' },
      { accept: 'text/plain' },
    )
    const text = await res.text()
    expect(text).toMatch(
      /^\[\[STATUS\]\] Searching for: Do vitamin D supplements prevent fractures\?…$/m,
    )
    expect(text).toMatch(/^\[\[STATUS\]\] Answer ready\.$/m)
    expect(text).toMatch(/fractures/)
  })
})

describe('GET /api/progress/:session', () => {
  it('lists each step as an ordered start/end pair', async () => {
    await scriptSearch(results)
    const body = (await (
      await ask({ query: 'Do vitamin D supplements reduce fractures in adults?' })
    ).json()) as AskBody
    const res = await app.request(
      `/api/progress/${body.session_id}`,
      { headers: bearer(body.token ?? '') },
      env,
    )
    expect(res.status).toBe(200)
    const { events } = (await res.json()) as {
      events: { step: string; phase: string; message: string }[]
    }
    const steps = ['search', 'prioritize_sources', 'synthesize', 'enrich_images', 'format_output']
    expect(events.map((e) => `${e.step}.${e.phase}`)).toEqual(
      steps.flatMap((s) => [`${s}.start`, `${s}.end`]),
    )
    expect(events[0]?.message).toBe(
      'Searching for: Do vitamin D supplements reduce fractures in adults?…',
    )
    expect(events.at(-1)?.message).toBe('Answer ready.')
  })

  it('needs the session token', async () => {
    const res = await app.request(`/api/progress/${crypto.randomUUID()}`, {}, env)
    expect(res.status).toBe(401)
  })
})
