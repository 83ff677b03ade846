// Quotas count work done: a search whose arXiv call fails and a chat refused because a run is
// active give their unit back, so three failed searches leave all three searches to the user.
import { describe, expect, it } from 'vitest'
import { makeDeps } from '../../workers/deps'
import { createScholarlyClients } from '../../workers/sources'
import { createSession } from '../session/helpers'
import { gate } from '../session/test-runners'
import { fakeClock, testConfig } from '../sources/helpers'
import { papersEnv, useFixtureSources } from './helpers'

interface Quota {
  quota: { search: { used: number; left: number }; chat: { used: number; left: number } }
}

describe('papers quotas count work done', () => {
  it('charges nothing for searches that fail because arXiv is unreachable', async () => {
    const world = papersEnv()
    const deps = makeDeps(world.env)
    const clock = fakeClock()
    deps.scholarly = createScholarlyClients(testConfig(), {
      fetchImpl: async () => {
        throw new TypeError('getaddrinfo ENOTFOUND export.arxiv.org')
      },
      now: clock.now,
      sleep: clock.sleep,
    })
    const session = await createSession()
    const search = () =>
      world.request('/api/papers/search', {
        method: 'POST',
        token: session.token,
        json: { session_id: session.sessionId, query: 'testing deep learning' },
      })
    for (let i = 0; i < 3; i++) expect((await search()).status).toBe(502)
    const list = await world.request(`/api/papers/${session.sessionId}`, { token: session.token })
    expect((await list.json<Quota>()).quota.search).toMatchObject({ used: 0, left: 3 })
    // arXiv is back: the session still has its three searches.
    useFixtureSources(deps, new Map())
    for (let i = 0; i < 3; i++) expect((await search()).status).toBe(200)
    expect((await search()).status).toBe(429)
  })

  it('charges nothing for a chat message refused because a run is active', async () => {
    const world = papersEnv()
    const session = await createSession()
    gate.reset()
    const held = await session.stub.startRun('gated', {})
    expect(held.ok).toBe(true)
    const refused = await world.request('/api/papers/chat', {
      method: 'POST',
      token: session.token,
      json: { session_id: session.sessionId, message: 'What do the papers say?' },
    })
    expect(refused.status).toBe(409)
    gate.open()
    const list = await world.request(`/api/papers/${session.sessionId}`, { token: session.token })
    expect((await list.json<Quota>()).quota.chat).toMatchObject({ used: 0, left: 5 })
  })
})
