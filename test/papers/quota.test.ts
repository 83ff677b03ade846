// Per-session quotas: searches and chat messages run out, then 429 with Retry-After and the
// minutes left; a provider's exhaustion pauses both for the API cooldown; cooldowns expire.
import { runInDurableObject } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { callOperation } from '../../workers/http'
import { consumeQuota, markApiExhausted, paperOperations } from '../../workers/papers'
import { createSession } from '../session/helpers'
import { papersEnv } from './helpers'

const LIMITS = {
  searchLimit: 3,
  chatLimit: 5,
  brainLimit: 3,
  cooldownMinutes: 15,
  apiCooldownMinutes: 30,
}

interface Envelope {
  error: { code: string; message: string; details: { minutes_left: number; reason: string } }
}

describe('paper quotas over HTTP', () => {
  it('allows three searches, then answers 429 with Retry-After and 15 minutes left', async () => {
    const world = papersEnv()
    const session = await createSession()
    const search = () =>
      world.request('/api/papers/search', {
        method: 'POST',
        token: session.token,
        json: { session_id: session.sessionId, query: 'testing deep learning' },
      })
    for (let i = 0; i < 3; i++) expect((await search()).status).toBe(200)
    const refused = await search()
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBe(900)
    const body = await refused.json<Envelope>()
    expect(body.error.code).toBe('rate_limited')
    expect(body.error.details).toMatchObject({ minutes_left: 15, reason: 'user_cooldown' })
    expect(body.error.message).toMatch(/15 minutes/)
  })

  it('allows five chat messages, then refuses the sixth with the minutes left', async () => {
    const world = papersEnv()
    const session = await createSession()
    const chat = () =>
      world.request('/api/papers/chat', {
        method: 'POST',
        token: session.token,
        json: { session_id: session.sessionId, message: 'What do the papers say about lensing?' },
      })
    for (let i = 0; i < 5; i++) expect((await chat()).status).toBe(200)
    const refused = await chat()
    expect(refused.status).toBe(429)
    expect((await refused.json<Envelope>()).error.details.minutes_left).toBe(15)
  })

  it('pauses search and chat for 30 minutes once the provider reports exhaustion', async () => {
    const world = papersEnv()
    const session = await createSession()
    await callOperation(session.stub, paperOperations.markExhausted, { limits: LIMITS })
    const res = await world.request('/api/papers/search', {
      method: 'POST',
      token: session.token,
      json: { session_id: session.sessionId, query: 'testing deep learning' },
    })
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('Retry-After'))).toBe(1800)
    const body = await res.json<Envelope>()
    expect(body.error.details).toMatchObject({ minutes_left: 30, reason: 'api_cooldown' })
  })

  it('needs the session token', async () => {
    const world = papersEnv()
    const session = await createSession()
    const res = await world.request(`/api/papers/${session.sessionId}`)
    expect(res.status).toBe(401)
  })
})

describe('quota cooldowns', () => {
  it('reset the count once the user cooldown has passed, and count minutes up', async () => {
    const session = await createSession()
    await runInDurableObject(session.stub, (_do, state) => {
      const sql = state.storage.sql
      const t0 = 1_000_000
      for (let i = 0; i < 3; i++) expect(consumeQuota(sql, 'search', LIMITS, t0).allowed).toBe(true)
      const refused = consumeQuota(sql, 'search', LIMITS, t0 + 60_500)
      expect(refused).toMatchObject({ allowed: false, minutes_left: 14, retry_after_s: 840 })
      expect(consumeQuota(sql, 'chat', LIMITS, t0).allowed).toBe(true)
      const later = consumeQuota(sql, 'search', LIMITS, t0 + 15 * 60_000)
      expect(later.allowed).toBe(true)
      expect(later.quota.search).toMatchObject({ used: 1, left: 2, cooldown_until: null })
      markApiExhausted(sql, LIMITS, t0 + 15 * 60_000)
      expect(consumeQuota(sql, 'chat', LIMITS, t0 + 44 * 60_000).allowed).toBe(false)
      expect(consumeQuota(sql, 'chat', LIMITS, t0 + 45 * 60_000).allowed).toBe(true)
    })
  })
})
