// POST /api/claims/check through the app and SessionDO, offline: the envelope for bad input,
// verbatim rationale from returned sources only, an uncovered claim's empty map, streaming, and
// the check saved in the session.
import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { app } from '../../workers/app'
import type { ClaimCheckPayload } from '../../workers/answer'
import { CLAIM_RESULTS as results } from './fixtures'
import { bearer, readSse, scriptSearch } from '../answer/route-helpers'

const clientIp = '10.53.0.1'

function check(body: unknown, headers: Record<string, string> = {}) {
  return app.request(
    '/api/claims/check',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': clientIp, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    },
    env,
  )
}

afterEach(() => vi.restoreAllMocks())

describe('POST /api/claims/check', () => {
  it('names the field in a 400 envelope and starts nothing', async () => {
    for (const [body, field] of [
      [{}, 'claim'],
      [{ claim: '   ' }, 'claim'],
      [{ claim: 'x'.repeat(4001) }, 'claim'],
      [{ claim: 'Vitamin D prevents fractures', options: { search_mode: 'nope' } }, 'search_mode'],
      [{ claim: 'Vitamin D prevents fractures', session_id: 'not-a-uuid' }, 'session_id'],
    ] as const) {
      const res = await check(body)
      expect(res.status).toBe(400)
      const error = ((await res.json()) as { error: { code: string; message: string } }).error
      expect(error.code).toBe('validation_failed')
      expect(error.message).toContain(field)
    }
    expect((await check('{"claim":')).status).toBe(400)
  })

  it('quotes rationale sentences verbatim from sources the search returned', async () => {
    await scriptSearch(results)
    const res = await check({ claim: 'Vitamin D supplementation reduces hip fractures' })
    expect(res.status).toBe(200)
    const body = (await res.json()) as ClaimCheckPayload
    expect(body).toMatchObject({
      claim: 'Vitamin D supplementation reduces hip fractures',
      mode: 'offline',
      stance_estimated: true,
      stance_judge: 'rules',
      token: expect.any(String),
    })
    expect(['supported', 'contradicted', 'mixed', 'insufficient']).toContain(body.verdict)
    expect(body.evidence.length).toBeGreaterThan(0)
    const urls = new Set(body.sources.map((s) => s.url))
    for (const item of body.evidence) {
      expect(urls.has(item.source.url)).toBe(true)
      const returned = results.find((r) => r.url === item.source.url)
      for (const quote of item.rationale) expect(returned?.snippet).toContain(quote.text)
      expect(item.rationale.length).toBeGreaterThan(0)
    }
    const first = body.evidence.find((e) => e.source.url.includes('nih.gov'))
    expect(first?.rationale[0]).toMatchObject({
      text: 'Vitamin D supplementation reduced hip fractures in older adults by a fifth.',
      sentence_index: 1,
    })
  })

  it('answers an uncovered claim with insufficient, no evidence and no sources', async () => {
    await scriptSearch(results)
    const res = await check({ claim: 'Quantum tunnelling limits transistor gate leakage' })
    const body = (await res.json()) as ClaimCheckPayload
    expect(body).toMatchObject({ verdict: 'insufficient', evidence: [], sources: [] })
    expect(body.reason).toBeTruthy()
  })

  it('says search failed, with nothing cited, when the search throws', async () => {
    await scriptSearch(async () => {
      throw new Error('upstream down')
    })
    const body = (await (
      await check({ claim: 'Vitamin D reduces fractures' })
    ).json()) as ClaimCheckPayload
    expect(body).toMatchObject({ verdict: 'insufficient', evidence: [], sources: [] })
    expect(body.search_error).toBeTruthy()
  })

  it('streams the sources before the map when asked for SSE', async () => {
    await scriptSearch(results)
    const res = await check(
      { claim: 'Vitamin D supplementation reduces hip fractures' },
      { accept: 'text/event-stream' },
    )
    expect(res.headers.get('content-type')).toContain('text/event-stream')
    const packets = await readSse(res)
    const types = packets.map((p) => p.type)
    expect(types.indexOf('sources')).toBeGreaterThanOrEqual(0)
    expect(types.indexOf('sources')).toBeLessThan(types.indexOf('done'))
    const done = packets.find((p) => p.type === 'done') as { result: ClaimCheckPayload }
    expect(done.result.evidence.length).toBeGreaterThan(0)
  })

  it('saves the check in the session, where the token reads it back', async () => {
    await scriptSearch(results)
    const body = (await (
      await check({ claim: 'Vitamin D supplementation reduces hip fractures' })
    ).json()) as ClaimCheckPayload
    const read = await app.request(
      `/api/sessions/${body.session_id}`,
      { headers: { ...bearer(body.token as string), 'cf-connecting-ip': clientIp } },
      env,
    )
    expect(read.status).toBe(200)
    const session = (await read.json()) as {
      messages: { role: string; content: string; data: Record<string, unknown> }[]
    }
    const reply = session.messages.at(-1)
    expect(reply?.role).toBe('assistant')
    expect(reply?.data.kind).toBe('claim')
    expect(reply?.data.claim_check).toMatchObject({
      verdict: body.verdict,
      evidence: body.evidence,
    })
    expect(reply?.content).toMatch(/source/)
    // Without the token the session stays closed.
    const anonymous = await app.request(`/api/sessions/${body.session_id}`, {}, env)
    expect(anonymous.status).toBe(401)
  })
})
