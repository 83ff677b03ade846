// A PDF host's transient answer (503, 429) is retried by the queue with backoff, the paper
// saying why it waits; it is marked failed, with the status in its reason, only on the last
// delivery, and a later success clears the note. A 404 fails at once.
import { beforeAll, describe, expect, it } from 'vitest'
import { createSession, type CreatedSession } from '../session/helpers'
import { loadThroughQueue, papersEnv, type PapersEnv, type PdfHost } from './helpers'

const pdfs: PdfHost = new Map()
let world: PapersEnv
let session: CreatedSession
let links: string[]

beforeAll(async () => {
  world = papersEnv(pdfs)
  session = await createSession()
  const res = await world.request('/api/papers/search', {
    method: 'POST',
    token: session.token,
    json: { session_id: session.sessionId, query: 'testing deep learning' },
  })
  links = (await res.json<{ papers: { pdf_url: string }[] }>()).papers.map((p) => p.pdf_url)
}, 60_000)

describe('loading a paper whose PDF host is unavailable', () => {
  it('retries a 503 with backoff and keeps the paper loading until the last delivery', async () => {
    pdfs.set(links[0] ?? '', 503)
    const early = await loadThroughQueue(world, session, { indices: [1] }, 1)
    expect(early.outcome.retries.map((r) => r.delaySeconds)).toEqual([10])
    expect(early.papers[0]).toMatchObject({ status: 'loading' })
    // The wait says why: the paper carries the failed attempt and when the next one comes.
    expect(early.papers[0]?.error).toMatch(/^attempt 1 failed \(.*503.*\); trying again in 10 s$/)
    const last = await loadThroughQueue(world, session, { indices: [1] }, 5)
    expect(last.papers[0]).toMatchObject({ status: 'failed' })
    expect(last.papers[0]?.error).toMatch(/503/)
  })

  it('clears the note when a later delivery loads the paper', async () => {
    pdfs.set(links[0] ?? '', 'grobid')
    const load = await loadThroughQueue(world, session, { indices: [1] }, 2)
    const [paper] = load.accepted.papers
    const loaded = load.papers.find((p) => p.id === paper?.id)
    expect(loaded).toMatchObject({ status: 'loaded' })
    expect(loaded?.error).toBeUndefined()
  })

  it('retries a 429 too, and gives up on a 404 at once', async () => {
    pdfs.set(links[1] ?? '', 429)
    pdfs.set(links[2] ?? '', 404)
    const load = await loadThroughQueue(world, session, { indices: [2, 3] }, 1)
    expect(load.outcome.retries).toHaveLength(1)
    const status = new Map(load.papers.map((p) => [p.id, p]))
    const [rateLimited, missing] = load.accepted.papers.map((p) => status.get(p.id))
    expect(rateLimited).toMatchObject({ status: 'loading' })
    expect(missing).toMatchObject({ status: 'failed' })
    expect(missing?.error).toMatch(/404/)
  })
})
