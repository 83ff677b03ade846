// The claim check's keyed path against the scripted model, over the seeded knowledge base:
// one structured call over every candidate, stances and sentence numbers from the model with
// the quotes taken from the sources, and each failure falling back to the offline rules, said.
import { env } from 'cloudflare:test'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { app } from '../../workers/app'
import type { ClaimCheckPayload } from '../../workers/answer'
import { scriptFake, type FakeStep } from '../fakes/fake-llm'
import { seedCorpus } from '../answer/seeded-corpus'

const clientIp = '10.53.1.1'

async function check(claim: string): Promise<ClaimCheckPayload> {
  const res = await app.request(
    '/api/claims/check',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': clientIp },
      body: JSON.stringify({ claim }),
    },
    env,
  )
  expect(res.status).toBe(200)
  return (await res.json()) as ClaimCheckPayload
}

const CLAIM = 'Vitamin D supplementation increases bone mineral density'

beforeAll(seedCorpus)
afterEach(() => vi.restoreAllMocks())

describe('POST /api/claims/check with a model', () => {
  it('judges every candidate in one structured call and quotes the sentences it names', async () => {
    const fake = await scriptFake([
      {
        json: {
          evidence: [
            { source: 1, stance: 'supports', sentences: [0], confidence: 0.9 },
            { source: 2, stance: 'irrelevant', sentences: [], confidence: 0.9 },
          ],
        },
      },
    ])
    const body = await check(`${CLAIM} ${fake.marker}`)
    const calls = await fake.requests()
    expect(calls).toHaveLength(1)
    const format = calls[0]?.body.response_format as { type: string; json_schema: { name: string } }
    expect(format).toMatchObject({ type: 'json_schema', json_schema: { name: 'claim_stances' } })
    const prompt = calls[0]?.messages.at(-1)?.content ?? ''
    expect(prompt).toMatch(/Source 1: .+\n {2}\[0\] /)
    expect(body).toMatchObject({ mode: 'online', fallbacks: [], stance_judge: 'model' })
    expect(body.stance_estimated).toBe(false)
    expect(body.verdict).toBe('supported')
    expect(body.evidence).toHaveLength(1)
    const [first] = body.evidence
    expect(first?.stance).toBe('supports')
    expect(first?.source.number).toBe(1)
    // The quote is sentence 0 of source 1, verbatim from the prompt the model read.
    const quoted = /Source 1: .+\n {2}\[0\] (.+)/.exec(prompt)?.[1]
    expect(first?.rationale).toEqual([{ text: quoted, sentence_index: 0 }])
    expect(body.sources.map((s) => s.number)).toContain(1)
  })

  it.each<[string, FakeStep]>([
    ['a reply that is not JSON', { reply: 'I think it supports it.' }],
    ['a failed call', { status: 500 }],
  ])('falls back to the offline rules, said in the payload, after %s', async (_what, step) => {
    const fake = await scriptFake([step, step, step])
    const body = await check(`${CLAIM} ${fake.marker}`)
    expect(body.mode).toBe('degraded')
    expect(body.stance_estimated).toBe(true)
    expect(body.fallbacks.map((f) => f.stage)).toContain('claims.stance')
    expect(body.fallbacks.find((f) => f.stage === 'claims.stance')?.reason).toMatch(
      /stances estimated by the offline rules/,
    )
    expect(body.evidence.length).toBeGreaterThan(0)
  })

  it('is insufficient with no evidence when the model finds every source beside the point', async () => {
    const fake = await scriptFake([
      { json: { evidence: [1, 2, 3, 4, 5].map((source) => ({ source, stance: 'irrelevant' })) } },
    ])
    const body = await check(`${CLAIM} ${fake.marker}`)
    expect(body).toMatchObject({ verdict: 'insufficient', evidence: [], mode: 'online' })
  })

  it('drops out-of-range sentence numbers and turns a stance without sentences into unlabelled', async () => {
    const fake = await scriptFake([
      {
        json: {
          evidence: [{ source: 1, stance: 'contradicts', sentences: [99, -1], confidence: 0.7 }],
        },
      },
    ])
    const body = await check(`${CLAIM} ${fake.marker}`)
    expect(body.verdict).toBe('insufficient')
    expect(body.evidence[0]?.stance).toBe('unlabelled')
    for (const quote of body.evidence[0]?.rationale ?? [])
      expect(quote.sentence_index).toBeLessThan(99)
  })
})
