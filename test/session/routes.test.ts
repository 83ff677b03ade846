// /api/sessions: create, read with the token, stop.
import { env, runInDurableObject } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { app } from '../../workers/app'
import { hashToken } from '../../workers/http'
import { bearer, createSession } from './helpers'

interface Envelope {
  error: { code: string }
}

describe('POST /api/sessions', () => {
  it('creates a session and returns its id and a 32-byte base64url token', async () => {
    const { sessionId, token } = await createSession()
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('stores only the token hash', async () => {
    const { stub, token } = await createSession()
    const stored = await runInSessionSql(stub, 'SELECT token_hash FROM meta')
    expect(stored).toEqual([{ token_hash: await hashToken(token) }])
    expect(JSON.stringify(stored)).not.toContain(token)
  })

  it('is rate limited per client', async () => {
    const limit = vi.spyOn(env.PUBLIC_RATE_LIMIT, 'limit').mockResolvedValue({ success: false })
    const res = await app.request('/api/sessions', { method: 'POST' }, env)
    expect(res.status).toBe(429)
    expect(res.headers.get('Retry-After')).toBe('60')
    limit.mockRestore()
  })
})

describe('GET /api/sessions/:id', () => {
  it('describes the session to the holder of its token', async () => {
    const { sessionId, token } = await createSession()
    const res = await app.request(`/api/sessions/${sessionId}`, bearer(token), env)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ session_id: sessionId, messages: [], running: null })
  })

  it('answers 401 without a token', async () => {
    const { sessionId } = await createSession()
    const res = await app.request(`/api/sessions/${sessionId}`, {}, env)
    expect(res.status).toBe(401)
    expect((await res.json<Envelope>()).error.code).toBe('unauthorized')
  })

  it('answers 403 with another session’s token', async () => {
    const [a, b] = [await createSession(), await createSession()]
    const res = await app.request(`/api/sessions/${a.sessionId}`, bearer(b.token), env)
    expect(res.status).toBe(403)
    expect((await res.json<Envelope>()).error.code).toBe('forbidden')
  })

  it('answers 404 for a session that was never created', async () => {
    const { token } = await createSession()
    const res = await app.request(`/api/sessions/${crypto.randomUUID()}`, bearer(token), env)
    expect(res.status).toBe(404)
  })

  it('answers 400 for an id that is not a UUID', async () => {
    const { token } = await createSession()
    const res = await app.request('/api/sessions/not-a-uuid', bearer(token), env)
    expect(res.status).toBe(400)
  })
})

describe('POST /api/sessions/:id/stop', () => {
  it('reports stopped:false when nothing is running', async () => {
    const { sessionId, token } = await createSession()
    const res = await app.request(
      `/api/sessions/${sessionId}/stop`,
      { method: 'POST', ...bearer(token) },
      env,
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ stopped: false })
  })

  it('needs the session token', async () => {
    const { sessionId } = await createSession()
    const res = await app.request(`/api/sessions/${sessionId}/stop`, { method: 'POST' }, env)
    expect(res.status).toBe(401)
  })
})

async function runInSessionSql(
  stub: Awaited<ReturnType<typeof createSession>>['stub'],
  query: string,
): Promise<unknown[]> {
  return runInDurableObject(stub, (_instance, state) => state.storage.sql.exec(query).toArray())
}
