// A stop lands at once whatever run it stops: for an ask, a chat turn, a paper chat and a
// debate streaming at a word every 400 ms, POST …/stop is answered and the run's stream closed
// within a bound far below a word's wait, and the partial answer keeps the sources its [n] cite.
import { env } from 'cloudflare:test'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { app } from '../../workers/app'
import type { Deps } from '../../workers/deps'
import { ask, bearer, sessionDeps } from '../answer/route-helpers'
import { seedCorpus } from '../answer/seeded-corpus'
import { recordedFetch, scholarlyFrom } from '../debate/helpers'
import { scriptFake, type FakeStep } from '../fakes/fake-llm'
import { scriptRetrieval } from '../fakes/script-retrieval'
import { routeAnswersTo, uploadPaper } from '../papers/chat-helpers'
import { papersEnv } from '../papers/helpers'
import { call, newSession, waitForSession, type TestSession } from '../turn/http-helpers'
import { createSession } from './helpers'
import {
  SLOW_WORDS,
  STOP_ROUTE_BOUND_MS,
  stopAfterTokens,
  WORD_MS,
  type StopTiming,
} from './stop-timing'

const SSE = 'text/event-stream'
const slowly = (reply: string): FakeStep => ({
  reply,
  chunks: reply.split(' ').length,
  chunkDelayMs: WORD_MS,
})
const RELATED: FakeStep = { forSchema: 'related_questions', json: { questions: [] } }

let deps: Deps
let scholarly: Deps['scholarly']

beforeAll(seedCorpus)
beforeEach(async () => {
  deps = await sessionDeps()
  scholarly = deps.scholarly
  deps.scholarly = scholarlyFrom(recordedFetch)
  await scriptRetrieval(deps.models)
})
afterEach(() => {
  deps.scholarly = scholarly
  vi.restoreAllMocks()
})

const stopRoute = (session: TestSession) => () => call(session, '/stop', { method: 'POST' })

function expectPrompt(timing: StopTiming): void {
  expect(timing.stop.status).toBe(200)
  expect(timing.answeredMs).toBeLessThan(STOP_ROUTE_BOUND_MS)
  expect(timing.closedMs).toBeLessThan(STOP_ROUTE_BOUND_MS)
  expect(timing.packets.at(-1)).toMatchObject({ type: 'done', stopped: true })
}

/** The stopped message as GET /api/sessions/:id keeps it, once the run has let go. */
async function storedAnswer(session: TestSession) {
  const { messages } = await waitForSession(session, (s) => s.running === null)
  const last = messages.at(-1)
  expect(last?.role).toBe('assistant')
  return { content: last?.content ?? '', data: last?.data ?? {} }
}

describe('a stop mid-stream, with the model at a word every 400 ms', () => {
  it('ends a chat turn within the bound and keeps its partial text', async () => {
    const fake = await scriptFake([slowly(SLOW_WORDS)])
    const session = await newSession()
    const res = await call(session, '/messages', {
      body: { message: `Tell me about bone density ${fake.marker}`, tools: [] },
      accept: SSE,
    })
    const timing = await stopAfterTokens(res, stopRoute(session))
    expectPrompt(timing)
    const stored = await storedAnswer(session)
    expect(stored.content).toMatch(/^word0 word1/)
    expect(stored.data).toMatchObject({ stopped: true })
  })

  it('ends an ask within the bound and keeps the sources its [n] cite', async () => {
    const fake = await scriptFake([
      slowly(`Vitamin D raised bone density [1]. ${SLOW_WORDS}`),
      RELATED,
    ])
    const session = await newSession()
    const res = await ask(
      {
        query: `Does vitamin D raise bone density in older adults? ${fake.marker}`,
        session_id: session.id,
      },
      { ...bearer(session.token), accept: SSE },
    )
    expect(res.status).toBe(200)
    const timing = await stopAfterTokens(res, stopRoute(session), 8)
    expectPrompt(timing)
    const stored = await storedAnswer(session)
    expect(stored.content).toContain('[1]')
    const sources = stored.data.sources as { number: number; cited: boolean; title: string }[]
    const cited = sources.find((s) => s.number === 1)
    expect(cited?.cited).toBe(true)
    // Its share page lists the source [1] names, as the session does.
    const link = await call(session, '/share', { method: 'POST' })
    expect(link.status).toBe(201)
    const { token } = await link.json<{ token: string }>()
    const page = await (await app.request(`/s/${token}`, {}, env)).text()
    expect(page).toContain(cited?.title.slice(0, 30))
  })

  it('ends a paper chat within the bound and keeps the pages its citations name', async () => {
    const world = papersEnv()
    const created = await createSession()
    const session = { id: created.sessionId, token: created.token }
    const title = 'Ultra light bosonic dark matter and CMB'
    await uploadPaper(world, created, 'grobid', title)
    const fake = await scriptFake([
      slowly(`Cold dark matter damps the peaks [${title}, Page 3]. ${SLOW_WORDS}`),
    ])
    await routeAnswersTo(world, created, fake.marker)
    const res = await world.request('/api/papers/chat', {
      method: 'POST',
      token: created.token,
      json: { session_id: created.sessionId, message: 'How does dark matter change the CMB?' },
      headers: { accept: SSE },
    })
    expect(res.status).toBe(200)
    const timing = await stopAfterTokens(res, stopRoute(session), 12)
    expectPrompt(timing)
    const stored = await storedAnswer(session)
    expect(stored.data).toMatchObject({ stopped: true })
    expect(JSON.stringify(stored.data)).toContain('"page":3')
  })

  it('interrupts a debate within the bound', async () => {
    const proposal = `Testing should run every case [1]. ${SLOW_WORDS}`
    const fake = await scriptFake([slowly(proposal), slowly(proposal)])
    const session = await newSession()
    const res = await app.request(
      '/api/debate/stream',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: SSE, ...bearer(session.token) },
        body: JSON.stringify({
          question: `How should deep learning models be tested? ${fake.marker}`,
          session_id: session.id,
        }),
      },
      env,
    )
    expect(res.status).toBe(200)
    const interrupt = () =>
      Promise.resolve(
        app.request(
          '/api/debate/interrupt',
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...bearer(session.token) },
            body: JSON.stringify({ session_id: session.id }),
          },
          env,
        ),
      )
    const timing = await stopAfterTokens(res, interrupt, 8)
    expectPrompt(timing)
    const stored = await storedAnswer(session)
    const turns = stored.data.turns as { text: string; interrupted: boolean }[]
    expect(turns[0]).toMatchObject({ interrupted: true })
    expect(turns[0]?.text).toMatch(/^Testing should run every case \[1\]\. word0/)
  })
})
