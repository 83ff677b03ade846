// Quotas follow the client, not the session (issue 49 item 5): counted per API key or per
// hashed address across sessions, 429 with Retry-After past the limit, nothing charged for a
// search that did not run.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { app } from '../../workers/app'
import { makeDeps } from '../../workers/deps'
import { createScholarlyClients } from '../../workers/sources'
import { fakeClock, testConfig } from '../sources/helpers'
import { useFixtureSources } from '../papers/helpers'
import { envWith, type EnvelopeBody } from './test-app'

const WINDOW_MINUTES = 60

let network = 0
/** A block of addresses of its own per test, so no test sees another's counters. */
function addresses() {
  network += 1
  return { a: `203.0.113.${network}`, b: `198.18.${network}.7` }
}

function quotaEnv(limits: Record<string, string>): Env {
  const testEnv = envWith(env, {
    CLIENT_QUOTA_WINDOW_MINUTES: String(WINDOW_MINUTES),
    CLIENT_HASH_SECRET: 'client-quota-test-secret',
    ...limits,
  })
  useFixtureSources(makeDeps(testEnv), new Map())
  return testEnv
}

function headersFor(address: string, extra: Record<string, string> = {}): Headers {
  return new Headers({ 'CF-Connecting-IP': address, ...extra })
}

async function createSession(testEnv: Env, headers: Headers) {
  const res = await app.request('/api/sessions', { method: 'POST', headers }, testEnv)
  return {
    res,
    body: res.status === 201 ? await res.json<{ session_id: string; token: string }>() : null,
  }
}

async function search(testEnv: Env, address: string, extra: Record<string, string> = {}) {
  const session = await createSession(testEnv, headersFor(address))
  if (!session.body) throw new Error(`session create failed: ${session.res.status}`)
  const headers = headersFor(address, {
    Authorization: `Bearer ${session.body.token}`,
    'Content-Type': 'application/json',
    ...extra,
  })
  const body = JSON.stringify({
    session_id: session.body.session_id,
    query: 'testing deep learning',
  })
  return app.request('/api/papers/search', { method: 'POST', headers, body }, testEnv)
}

async function expectRetryAfter(res: Response, kind: string): Promise<void> {
  expect(res.status).toBe(429)
  const retryAfter = Number(res.headers.get('Retry-After'))
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_MINUTES * 60)
  const body = await res.json<EnvelopeBody>()
  expect(body.error.code).toBe('rate_limited')
  expect(body.error.details).toMatchObject({ kind, retry_after_s: retryAfter })
}

describe('per-client quotas', () => {
  it('counts session creation per address, with Retry-After once the limit is reached', async () => {
    const testEnv = quotaEnv({ CLIENT_SESSION_LIMIT: '2' })
    const { a, b } = addresses()
    for (let i = 0; i < 2; i++)
      expect((await createSession(testEnv, headersFor(a))).res.status).toBe(201)
    await expectRetryAfter((await createSession(testEnv, headersFor(a))).res, 'session')
    // Another address is another client.
    expect((await createSession(testEnv, headersFor(b))).res.status).toBe(201)
  })

  it('counts an API key as its own client, whatever address it comes from', async () => {
    const testEnv = quotaEnv({ CLIENT_SESSION_LIMIT: '1' })
    const { a, b } = addresses()
    const keyed = (address: string) => headersFor(address, { 'X-API-Key': 'test-api-key' })
    expect((await createSession(testEnv, headersFor(a))).res.status).toBe(201)
    await expectRetryAfter((await createSession(testEnv, headersFor(a))).res, 'session')
    // The key is not the exhausted address...
    expect((await createSession(testEnv, keyed(a))).res.status).toBe(201)
    // ...and is one client from every address.
    await expectRetryAfter((await createSession(testEnv, keyed(b))).res, 'session')
    // A key that is not configured proves nothing: the caller counts as its address.
    const forged = headersFor(a, { 'X-API-Key': 'made-up-key' })
    await expectRetryAfter((await createSession(testEnv, forged)).res, 'session')
  })

  it('shares the search quota between sessions of one address, not with another address', async () => {
    const testEnv = quotaEnv({ CLIENT_SEARCH_LIMIT: '2' })
    const { a, b } = addresses()
    // Each search runs in a fresh session: a new session is no new allowance.
    expect((await search(testEnv, a)).status).toBe(200)
    expect((await search(testEnv, a)).status).toBe(200)
    await expectRetryAfter(await search(testEnv, a), 'search')
    expect((await search(testEnv, b)).status).toBe(200)
  })

  it('counts keyed searches apart from the anonymous ones of the same address', async () => {
    const testEnv = quotaEnv({ CLIENT_SEARCH_LIMIT: '1' })
    const { a } = addresses()
    const key = { 'X-API-Key': 'test-api-key' }
    expect((await search(testEnv, a)).status).toBe(200)
    await expectRetryAfter(await search(testEnv, a), 'search')
    expect((await search(testEnv, a, key)).status).toBe(200)
    await expectRetryAfter(await search(testEnv, a, key), 'search')
  })

  it('charges nothing for a search that failed because arXiv is unreachable', async () => {
    const testEnv = quotaEnv({ CLIENT_SEARCH_LIMIT: '2' })
    const deps = makeDeps(testEnv)
    const { a } = addresses()
    const clock = fakeClock()
    deps.scholarly = createScholarlyClients(testConfig(), {
      fetchImpl: async () => {
        throw new TypeError('getaddrinfo ENOTFOUND export.arxiv.org')
      },
      now: clock.now,
      sleep: clock.sleep,
    })
    for (let i = 0; i < 3; i++) expect((await search(testEnv, a)).status).toBe(502)
    useFixtureSources(deps, new Map())
    expect((await search(testEnv, a)).status).toBe(200)
    expect((await search(testEnv, a)).status).toBe(200)
    await expectRetryAfter(await search(testEnv, a), 'search')
  })

  it('counts chat turns across sessions, and gives back a turn refused before it ran', async () => {
    const testEnv = quotaEnv({ CLIENT_RUN_LIMIT: '2' })
    const { a, b } = addresses()
    const turn = async (address: string, json: unknown = { message: 'What is a fracture?' }) => {
      const session = await createSession(testEnv, headersFor(address))
      const id = session.body?.session_id ?? ''
      const headers = headersFor(address, {
        Authorization: `Bearer ${session.body?.token ?? ''}`,
        'Content-Type': 'application/json',
      })
      const init = { method: 'POST', headers, body: JSON.stringify(json) }
      return app.request(`/api/sessions/${id}/messages`, init, testEnv)
    }
    // A turn naming a file the session does not have fails before it runs: not counted.
    expect((await turn(a, { message: 'Read it', file_ids: ['missing'] })).status).toBe(400)
    expect((await turn(a)).status).toBe(200)
    expect((await turn(a)).status).toBe(200)
    await expectRetryAfter(await turn(a), 'run')
    expect((await turn(b)).status).toBe(200)
  })

  it('counts uploads across sessions', async () => {
    const testEnv = quotaEnv({ CLIENT_UPLOAD_LIMIT: '1' })
    const { a } = addresses()
    const upload = async () => {
      const session = await createSession(testEnv, headersFor(a))
      const form = new FormData()
      form.set('file', new File(['Notes on fractures.'], 'notes.txt', { type: 'text/plain' }))
      form.set('scope', 'project')
      const headers = headersFor(a, { Authorization: `Bearer ${session.body?.token ?? ''}` })
      const init = { method: 'POST', headers, body: form }
      return app.request(`/api/sessions/${session.body?.session_id ?? ''}/files`, init, testEnv)
    }
    expect((await upload()).status).toBe(201)
    await expectRetryAfter(await upload(), 'upload')
  })

  it('counts the session an ask without session_id creates', async () => {
    const testEnv = quotaEnv({ CLIENT_SESSION_LIMIT: '1' })
    const { a } = addresses()
    const ask = () =>
      app.request(
        '/api/ask',
        {
          method: 'POST',
          headers: headersFor(a, { 'Content-Type': 'application/json' }),
          body: JSON.stringify({ query: 'What is a fracture?' }),
        },
        testEnv,
      )
    expect((await ask()).status).toBe(200)
    await expectRetryAfter(await ask(), 'session')
    await expectRetryAfter((await createSession(testEnv, headersFor(a))).res, 'session')
  })

  it('leaves every kind unlimited at 0', async () => {
    const testEnv = quotaEnv({ CLIENT_SESSION_LIMIT: '0' })
    const { a } = addresses()
    for (let i = 0; i < 5; i++)
      expect((await createSession(testEnv, headersFor(a))).res.status).toBe(201)
  })

  it('refuses a bad limit as config_invalid naming the variable', async () => {
    const res = await app.request(
      '/api/sessions',
      { method: 'POST' },
      quotaEnvRaw({ CLIENT_RUN_LIMIT: '-1' }),
    )
    expect(res.status).toBe(500)
    const body = await res.json<EnvelopeBody>()
    expect(body.error.code).toBe('config_invalid')
    expect(body.error.message).toContain('CLIENT_RUN_LIMIT')
  })
})

function quotaEnvRaw(overrides: Record<string, string>): Env {
  return envWith(env, overrides)
}
