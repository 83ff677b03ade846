// A debate through /api/debate/ask with the scripted model: both scientists' replies are
// valid (endings, parseable code), retrieval's plan and rerank are scripted valid, arXiv and
// Crossref answer from recorded responses, so nothing falls back: mode online, no fallbacks.
// A failing reranker must then show up as degraded, so the first assertion can fail.
import { env } from 'cloudflare:test'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { app } from '../../workers/app'
import type { Deps } from '../../workers/deps'
import { sessionDeps } from '../answer/route-helpers'
import { scriptFake, type FakeStep } from '../fakes/fake-llm'
import { scriptRetrieval } from '../fakes/script-retrieval'
import { recordedFetch, scholarlyFrom, VALID_PYTHON } from './helpers'

const clientIp = `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`

function ending(body: string, fields: Record<string, string>): FakeStep {
  const lines = Object.entries(fields).map(([key, value]) => `${key}: ${value}`)
  return { reply: `${body}\n\n${lines.join('\n')}` }
}

const PROPOSAL = ending(`Testing should run every case [1].\n\n${VALID_PYTHON}`, {
  Agreement: 'AGREE',
  Viability: 'VIABLE',
  Validation: 'N/A',
  Conclusion: 'Run each case and collect the results.',
})
const REVIEW = ending('The proposal follows the evidence [1].', {
  Agreement: 'AGREE',
  Viability: 'VIABLE',
  Validation: 'PASS',
  Conclusion: 'Scientist 2 finds it viable.',
})

let deps: Deps
let scholarly: Deps['scholarly']

beforeEach(async () => {
  deps = await sessionDeps()
  scholarly = deps.scholarly
  deps.scholarly = scholarlyFrom(recordedFetch)
})
afterEach(() => {
  deps.scholarly = scholarly
  vi.restoreAllMocks()
})

async function debate(marker: string) {
  const res = await app.request(
    '/api/debate/ask',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': clientIp },
      body: JSON.stringify({ question: `How should deep learning models be tested? ${marker}` }),
    },
    env,
  )
  expect(res.status).toBe(200)
  return res.json<{ mode: string; fallbacks: string[]; terminal: string; transcript: unknown[] }>()
}

describe('a debate with a model', () => {
  it(
    'is online with no fallbacks when every model reply is valid',
    { timeout: 60_000 },
    async () => {
      await scriptRetrieval(deps.models)
      const fake = await scriptFake([PROPOSAL, REVIEW])
      const body = await debate(fake.marker)
      expect(body.mode).toBe('online')
      expect(body.fallbacks).toEqual([])
      expect(body.terminal).toBe('consensus')
      expect(body.transcript).toHaveLength(2)
    },
  )

  it(
    'quotes its evidence for the rest of the run, degraded, when the model fails before a word',
    { timeout: 60_000 },
    async () => {
      const retrieval = await scriptRetrieval(deps.models)
      const fake = await scriptFake(
        Array.from({ length: 4 }, () => ({ status: 500, error: { message: 'model down' } })),
      )
      const body = await debate(fake.marker)
      expect(body.mode).toBe('degraded')
      expect(body.fallbacks).toEqual([{ stage: 'model', reason: 'model error' }])
      expect(body.terminal).toBe('max_turns')
      const turns = body.transcript as { text: string; speaker: string }[]
      expect(turns.map((t) => t.speaker)).toEqual(['optimist', 'pessimist'])
      for (const turn of turns) expect(turn.text).toMatch(/^_Degraded: the model failed/)
      // Once it failed, the model is not asked again: not to answer, plan or grade.
      const answerCalls = (await fake.requests()).length
      expect(answerCalls).toBeGreaterThan(0)
      expect(answerCalls).toBeLessThanOrEqual(2) // the one call, and its retry on the second key
      expect(await retrieval.plan.requests()).toHaveLength(1)
      expect(await retrieval.rerank.requests()).toHaveLength(1)
    },
  )

  it('is degraded, naming the rerank, when the reranker fails', { timeout: 60_000 }, async () => {
    await scriptRetrieval(deps.models, {
      rerank: { status: 500, error: { message: 'reranker exploded' } },
    })
    const fake = await scriptFake([PROPOSAL, REVIEW])
    const body = await debate(fake.marker)
    expect(body.mode).toBe('degraded')
    expect(body.fallbacks).toEqual([
      {
        stage: 'retrieval.rerank',
        reason: 'the model could not grade the passages; ranked by word statistics',
      },
    ])
  })
})
