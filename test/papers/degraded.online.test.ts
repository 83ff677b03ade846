// The paper chat when the model fails for a reason other than quota (a 5xx, a reset, silence
// until the timeout, an empty reply): the answer falls back to the extractive answer over the
// same pages, mode "degraded", the reason in the payload's fallbacks and as a status line in
// the stream — never a normal-looking answer, never a 500.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Deps } from '../../workers/deps'
import { sessionDeps } from '../answer/route-helpers'
import { makeTestModels, scriptFake, type FakeStep } from '../fakes/fake-llm'
import { scriptRetrieval } from '../fakes/script-retrieval'
import { FAULT_TIMEOUT_MS, repeated, RUN_BOUND_MS } from '../faults/fault-cases'
import { createSession } from '../session/helpers'
import { readSse } from '../stream/read-sse'
import { askPapers, routeAnswersTo, uploadPaper, type ChatBody } from './chat-helpers'
import { papersEnv, type PapersEnv } from './helpers'

const CMB = 'Ultra light bosonic dark matter and CMB'
const QUESTION = 'How does cold dark matter change the CMB oscillation amplitude?'
const PARTIAL = 'Partial words streamed before the fault arrived.'

const CASES: { name: string; step: FakeStep; reason: RegExp }[] = [
  {
    name: 'answers 500',
    step: { status: 500, error: { message: 'upstream exploded', type: 'server_error' } },
    reason: /model error/,
  },
  {
    name: 'answers 503',
    step: { status: 503, error: { message: 'overloaded', type: 'server_error' } },
    reason: /model error/,
  },
  {
    name: 'reports a 500 mid-stream',
    step: { reply: PARTIAL, chunks: 4, fault: { kind: 'error-event', afterChunks: 3 } },
    reason: /model error/,
  },
  {
    name: 'resets the connection before answering',
    step: { fault: { kind: 'reset' } },
    reason: /unreachable|model error/,
  },
  {
    name: 'resets the connection mid-stream',
    step: { reply: PARTIAL, chunks: 4, fault: { kind: 'reset', afterChunks: 3 } },
    reason: /unreachable|model error/,
  },
  {
    name: 'sends headers then nothing until the timeout',
    step: { fault: { kind: 'headers-then-hang' } },
    reason: /timeout|timed out|stalled/,
  },
  { name: 'sends nothing until the timeout', step: { hang: true }, reason: /timeout|timed out/ },
  { name: 'sends an empty reply', step: { raw: '' }, reason: /malformed reply/ },
]

async function faultedSession(world: PapersEnv, step: FakeStep) {
  const fake = await scriptFake(repeated(step))
  const session = await createSession()
  await uploadPaper(world, session, 'grobid', CMB)
  await routeAnswersTo(world, session, fake.marker)
  return session
}

let deps: Deps
let models: Deps['models']

// The session object's models: the answering model with a short timeout so silence ends in
// seconds; retrieval's own calls (on the fast model) succeed, so the answer step is the only
// one that falls back. The fast model keeps the default timeout: at 1.5 s a loaded machine
// timed out the scripted plan call now and then ('plan' listed beside 'answer').
beforeEach(async () => {
  deps = await sessionDeps()
  models = deps.models
  deps.models = {
    main: makeTestModels({ timeoutMs: FAULT_TIMEOUT_MS }).main,
    fast: makeTestModels().fast,
  }
  await scriptRetrieval(deps.models)
})
afterEach(() => {
  vi.restoreAllMocks()
  deps.models = models
})

describe('paper chat when the model fails for a reason other than quota', () => {
  const world = papersEnv()

  for (const { name, step, reason } of CASES) {
    it(
      `falls back to the extractive answer, labelled degraded, when the model ${name}`,
      { timeout: RUN_BOUND_MS * 2 },
      async () => {
        const session = await faultedSession(world, step)
        const started = performance.now()
        const res = await askPapers(world, session, QUESTION)
        expect(performance.now() - started).toBeLessThan(RUN_BOUND_MS)
        expect(res.status).toBe(200)
        const body = await res.json<ChatBody>()
        expect(body).toMatchObject({ abstained: false, mode: 'degraded' })
        expect(body.error).toBeUndefined()
        expect(body.answer).toMatch(/^Degraded answer \(the language model failed: /)
        expect(body.answer).not.toContain(PARTIAL)
        expect(body.fallbacks.map((f) => f.stage)).toEqual(['answer'])
        const fallback = body.fallbacks.find((f) => f.stage === 'answer')
        expect(fallback?.reason).toMatch(reason)
        expect(body.citations.length).toBeGreaterThan(0)
        const given = new Set(body.sources.map((s) => s.page))
        for (const c of body.citations) expect(given.has(c.page)).toBe(true)
        expect(body.answer).toMatch(/diminishes the amplitude of the oscillations/)
      },
    )
  }

  it(
    'does not ask the model to answer after the search could not reach it',
    { timeout: RUN_BOUND_MS * 2 },
    async () => {
      vi.restoreAllMocks()
      await scriptRetrieval(deps.models, { plan: { fault: { kind: 'reset' } } })
      const answers = await scriptFake([{ reply: 'An answer the model should not be asked for.' }])
      const session = await createSession()
      await uploadPaper(world, session, 'grobid', CMB)
      await routeAnswersTo(world, session, answers.marker)
      const res = await askPapers(world, session, QUESTION)
      expect(res.status).toBe(200)
      const body = await res.json<ChatBody>()
      expect(await answers.requests()).toHaveLength(0)
      expect(body).toMatchObject({ abstained: false, mode: 'degraded' })
      expect(body.fallbacks.map((f) => f.stage)).toEqual([
        'retrieval.plan',
        'retrieval.rerank',
        'answer',
      ])
      expect(body.fallbacks.at(-1)?.reason).toMatch(/^model unreachable: met while searching/)
      expect(body.answer).toMatch(/diminishes the amplitude of the oscillations/)
    },
  )

  it(
    "reports a rate limit mid-stream as the run's error, as before, not as a degraded answer",
    { timeout: RUN_BOUND_MS * 2 },
    async () => {
      const session = await faultedSession(world, {
        reply: PARTIAL,
        chunks: 4,
        fault: { kind: 'error-event', afterChunks: 3, status: 429 },
      })
      const res = await askPapers(world, session, QUESTION)
      expect(res.status).toBe(502)
      const body = await res.json<{ error: { code: string; message: string } }>()
      expect(body.error.message).toMatch(/Rate limit reached/)
    },
  )

  it(
    'says so in the stream: a status line with the reason, no error packet, the degraded done',
    { timeout: RUN_BOUND_MS * 2 },
    async () => {
      const session = await faultedSession(world, {
        reply: PARTIAL,
        chunks: 4,
        fault: { kind: 'reset', afterChunks: 3 },
      })
      const res = await askPapers(world, session, QUESTION, { Accept: 'text/event-stream' })
      expect(res.status).toBe(200)
      const packets = await readSse(res)
      expect(packets.some((p) => p.type === 'error')).toBe(false)
      const status = packets.find((p) => p.type === 'status' && p.phase === 'error')
      expect(status).toMatchObject({ step: 'answer' })
      expect(status?.type === 'status' ? status.message : '').toMatch(/The model failed \(/)
      const tokens = packets.flatMap((p) => (p.type === 'token' ? [p.text] : [])).join('')
      expect(tokens).toContain('Degraded answer')
      const done = packets.at(-1)
      expect(done?.type).toBe('done')
      const result = done?.type === 'done' ? (done.result as ChatBody) : null
      expect(result?.mode).toBe('degraded')
    },
  )
})
