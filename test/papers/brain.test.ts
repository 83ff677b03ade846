// Paper Brain's agent without a model: a message runs a keyword search (the recorded arXiv
// feed) and lists the numbered results, loads nothing by itself, says so, and counts against
// the seed's three messages per session (then 429 with the minutes left).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessionDeps } from '../answer/route-helpers'
import { createSession } from '../session/helpers'
import { papersEnv, useFixtureSources, type PapersEnv } from './helpers'

interface BrainBody {
  answer: string
  mode: string
  searches: { query: string; arxiv_query: string; results: number }[]
  loaded: unknown[]
  results: { index: number; title: string }[]
  papers: unknown[]
}

let world: PapersEnv
let restore: () => void
const arxivUrls: string[] = []

beforeAll(async () => {
  world = papersEnv()
  // The run happens in the session object: its deps get the recorded feed.
  restore = useFixtureSources(await sessionDeps(), new Map(), arxivUrls)
})
afterAll(() => restore())

describe('Paper Brain without a model', () => {
  it('searches by keywords, lists the numbered results and loads nothing', async () => {
    const session = await createSession()
    const res = await world.request('/api/papers/brain', {
      method: 'POST',
      token: session.token,
      json: { session_id: session.sessionId, message: 'how are deep learning models tested' },
    })
    expect(res.status).toBe(200)
    const body = await res.json<BrainBody>()
    expect(body.mode).toBe('offline')
    expect(body.searches).toHaveLength(1)
    expect(body.searches[0]?.arxiv_query).not.toMatch(/\bhow\b|\bare\b/)
    expect(body.results).toHaveLength(10)
    expect(body.loaded).toEqual([])
    expect(body.papers).toEqual([])
    expect(body.answer).toMatch(/^Offline/)
    // It tells the reader what to do in the page, not which API route to call.
    expect(body.answer).toMatch(/choose Load selected/)
    expect(body.answer).not.toMatch(/\/api\/|POST /)
    expect(body.answer).toContain(`1. ${body.results[0]?.title}`)
    expect(body.answer).toMatch(/nothing is loaded on its own/)
    expect(arxivUrls.some((u) => u.includes('search_query='))).toBe(true)
    const list = await world.request(`/api/papers/${session.sessionId}`, { token: session.token })
    const listed = await list.json<{ quota: { brain: { used: number; left: number } } }>()
    expect(listed.quota.brain).toMatchObject({ used: 1, left: 2 })
  })

  it('allows three messages per session, then answers 429 with the minutes left', async () => {
    const session = await createSession()
    const send = () =>
      world.request('/api/papers/brain', {
        method: 'POST',
        token: session.token,
        json: { session_id: session.sessionId, message: 'neural network testing' },
      })
    for (let i = 0; i < 3; i++) expect((await send()).status).toBe(200)
    const refused = await send()
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBe(900)
    const body = await refused.json<{
      error: { message: string; details: { reason: string; minutes_left: number } }
    }>()
    expect(body.error.message).toMatch(/Paper Brain messages/)
    expect(body.error.details).toMatchObject({ reason: 'user_cooldown', minutes_left: 15 })
  })
})
