// POST /api/papers/load through the ingest queue: the route answers 202 with queued records,
// and a paper whose PDF host keeps timing out is retried, then marked failed on the last attempt
// (never left loading).
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { makeDeps } from '../../workers/deps'
import { captureQueue, runBatch } from '../ingest/helpers'
import { createSession, type CreatedSession } from '../session/helpers'
import { papersEnv, type PaperRow, type PapersEnv } from './helpers'

let world: PapersEnv
let session: CreatedSession

beforeAll(async () => {
  world = papersEnv()
  session = await createSession()
  await world.request('/api/papers/search', {
    method: 'POST',
    token: session.token,
    json: { session_id: session.sessionId, query: 'testing deep learning' },
  })
}, 60_000)

afterEach(() => vi.restoreAllMocks())

async function papers(): Promise<PaperRow[]> {
  const res = await world.request(`/api/papers/${session.sessionId}`, { token: session.token })
  return (await res.json<{ papers: PaperRow[] }>()).papers
}

describe('paper loading through the ingest queue', () => {
  it('retries a PDF host that times out, then marks the paper failed on the last attempt', async () => {
    const sent = captureQueue()
    const res = await world.request('/api/papers/load', {
      method: 'POST',
      token: session.token,
      json: { session_id: session.sessionId, indices: [3] },
    })
    expect(res.status).toBe(202)
    const body = await res.json<{ papers: PaperRow[] }>()
    expect(body.papers.map((p) => p.status)).toEqual(['queued'])
    expect(sent).toHaveLength(1)
    const deps = makeDeps(world.env)
    const realFetch = deps.safeFetch
    deps.safeFetch = async () => {
      throw new DOMException('the PDF host timed out', 'TimeoutError')
    }
    try {
      const first = await runBatch([{ body: sent[0], attempts: 1 }], { env: world.env })
      expect(first.retries).toHaveLength(1)
      // Between attempts the paper stays loading (it says when it tries again), never failed.
      expect((await papers())[0]?.status).toBe('loading')
      await runBatch([{ body: sent[0], attempts: 5 }], { env: world.env })
      const [paper] = await papers()
      expect(paper?.status).toBe('failed')
      expect(paper?.error).toMatch(/timed out/)
    } finally {
      deps.safeFetch = realFetch
    }
  })

  it('refuses a body naming neither ids nor indices with the envelope', async () => {
    const res = await world.request('/api/papers/load', {
      method: 'POST',
      token: session.token,
      json: { session_id: session.sessionId },
    })
    expect(res.status).toBe(400)
  })
})
