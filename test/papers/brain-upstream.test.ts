// Paper Brain without a model when arXiv is unreachable: the search did not run, so neither the
// message nor the search is charged; once arXiv answers, the request's topic is what is searched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Deps } from '../../workers/deps'
import { createScholarlyClients } from '../../workers/sources'
import { sessionDeps } from '../answer/route-helpers'
import { createSession } from '../session/helpers'
import { fakeClock, testConfig } from '../sources/helpers'
import { papersEnv, useFixtureSources, type PapersEnv } from './helpers'

interface Counter {
  used: number
  left: number
}
interface BrainBody {
  answer: string
  searches: { query: string; arxiv_query: string }[]
}

const REQUEST = 'Could you find two recent papers on deep learning model testing and load them?'

let world: PapersEnv
let deps: Deps
let restore: () => void

beforeAll(async () => {
  world = papersEnv()
  deps = await sessionDeps()
  restore = useFixtureSources(deps, new Map())
})
afterAll(() => restore())

function unreachableArxiv(calls: string[]) {
  const clock = fakeClock()
  deps.scholarly = createScholarlyClients(testConfig(), {
    fetchImpl: async (url: string) => {
      calls.push(url)
      throw new TypeError('getaddrinfo ENOTFOUND export.arxiv.org')
    },
    now: clock.now,
    sleep: clock.sleep,
  })
}

async function ask(session: { sessionId: string; token: string }) {
  const res = await world.request('/api/papers/brain', {
    method: 'POST',
    token: session.token,
    json: { session_id: session.sessionId, message: REQUEST },
  })
  expect(res.status).toBe(200)
  return res.json<BrainBody>()
}

async function quotaOf(session: { sessionId: string; token: string }) {
  const list = await world.request(`/api/papers/${session.sessionId}`, { token: session.token })
  return (await list.json<{ quota: { search: Counter; brain: Counter } }>()).quota
}

describe('Paper Brain with arXiv unreachable', () => {
  it('charges neither the message nor the search, and says so', async () => {
    const session = await createSession()
    const calls: string[] = []
    unreachableArxiv(calls)
    const body = await ask(session)
    expect(calls.length).toBeGreaterThan(0)
    expect(body.searches).toEqual([])
    expect(body.answer).toMatch(/Search did not run/)
    expect(body.answer).toMatch(/not counted/)
    const quota = await quotaOf(session)
    expect(quota.search).toMatchObject({ used: 0, left: 3 })
    expect(quota.brain).toMatchObject({ used: 0, left: 3 })
  })

  it('searches the topic of the request once arXiv answers, and charges that search', async () => {
    const session = await createSession()
    useFixtureSources(deps, new Map())
    const body = await ask(session)
    expect(body.searches).toEqual([
      expect.objectContaining({
        query: 'deep learning model testing',
        arxiv_query: 'deep learning model testing',
      }),
    ])
    const quota = await quotaOf(session)
    expect(quota.search).toMatchObject({ used: 1, left: 2 })
    expect(quota.brain).toMatchObject({ used: 1, left: 2 })
  })
})
