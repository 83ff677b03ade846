// Honest mode in paper chat: when retrieval falls back (the model reranker fails on the
// scripted server, so the lexical order stands) the model's answer still arrives, but the
// answer is `degraded`, the fallback is listed, and the stream says so before the answer.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Deps } from '../../workers/deps'
import { sessionDeps } from '../answer/route-helpers'
import { scriptFake } from '../fakes/fake-llm'
import { scriptRetrieval, type ScriptedRetrieval } from '../fakes/script-retrieval'
import { RUN_BOUND_MS } from '../faults/fault-cases'
import { createSession, type CreatedSession } from '../session/helpers'
import { readSse } from '../stream/read-sse'
import { askPapers, routeAnswersTo, uploadPaper, type ChatBody } from './chat-helpers'
import { papersEnv } from './helpers'

const CMB = 'Ultra light bosonic dark matter and CMB'
const QUESTION = 'How does cold dark matter change the CMB oscillation amplitude?'
const REPLY = `More cold dark matter diminishes the amplitude of the oscillations [${CMB}, Page 3].`
const RERANK_DOWN = { status: 500, error: { message: 'reranker exploded', type: 'server_error' } }

const world = papersEnv()
let deps: Deps
let rerank: ScriptedRetrieval['rerank']

beforeEach(async () => {
  deps = await sessionDeps()
  ;({ rerank } = await scriptRetrieval(deps.models, { rerank: RERANK_DOWN }))
})
afterEach(() => vi.restoreAllMocks())

async function session(): Promise<CreatedSession> {
  const answer = await scriptFake([{ reply: REPLY }])
  const created = await createSession()
  await uploadPaper(world, created, 'grobid', CMB)
  await routeAnswersTo(world, created, answer.marker)
  return created
}

describe('paper chat when retrieval falls back', () => {
  it(
    "answers with the model but labels the answer degraded and lists the reranker's fallback",
    { timeout: RUN_BOUND_MS * 2 },
    async () => {
      const res = await askPapers(world, await session(), QUESTION)
      expect(res.status).toBe(200)
      const body = await res.json<ChatBody>()
      expect(body.mode).toBe('degraded')
      expect(body.fallbacks).toEqual([
        {
          stage: 'retrieval.rerank',
          reason: 'the model could not grade the passages; ranked by word statistics',
        },
      ])
      expect(body.error).toBeUndefined()
      expect(body.answer).toBe(REPLY)
      expect(body.citations.map((c) => c.page)).toEqual([3])
      // The rerank call did reach the scripted server, and failed there.
      expect((await rerank.requests()).length).toBeGreaterThan(0)
    },
  )

  it(
    'says in the stream that retrieval fell back, before the answer text',
    { timeout: RUN_BOUND_MS * 2 },
    async () => {
      const res = await askPapers(world, await session(), QUESTION, {
        Accept: 'text/event-stream',
      })
      const packets = await readSse(res)
      const notice = packets.findIndex((p) => p.type === 'status' && p.step === 'retrieval')
      const firstToken = packets.findIndex((p) => p.type === 'token')
      expect(notice).toBeGreaterThanOrEqual(0)
      expect(packets[notice]).toMatchObject({ phase: 'error' })
      const message = packets[notice]?.type === 'status' ? packets[notice].message : ''
      // The stage in words, never its id (issue 47: "retrieval.plan" in the Papers notice).
      expect(message).toMatch(/Ranking the passages: the model could not grade the passages/)
      expect(message).not.toMatch(/retrieval\.\w/)
      expect(notice).toBeLessThan(firstToken)
      const done = packets.at(-1)
      expect(done?.type === 'done' ? (done.result as ChatBody).mode : null).toBe('degraded')
    },
  )
})
