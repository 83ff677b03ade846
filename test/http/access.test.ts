// CORS allowlist, API keys (required and open mode) and the public rate limit.
import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { app } from '../../workers/app'
import { createProbeApp, envWith, type EnvelopeBody } from './test-app'

const probe = createProbeApp()
const widgetEnv = envWith(env, {
  WIDGET_ORIGINS: 'https://blog.example.com, https://docs.example.org/',
})

describe('CORS', () => {
  it('allows an origin on the WIDGET_ORIGINS list', async () => {
    const res = await app.request(
      '/health',
      { headers: { Origin: 'https://blog.example.com' } },
      widgetEnv,
    )
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('https://blog.example.com')
    expect(res.headers.get('Access-Control-Expose-Headers')).toContain('X-Request-Id')
  })

  it('matches list entries written with a trailing slash', async () => {
    const res = await app.request(
      '/health',
      { headers: { Origin: 'https://docs.example.org' } },
      widgetEnv,
    )
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('https://docs.example.org')
  })

  it('gives no CORS grant to an origin not on the list', async () => {
    const res = await app.request(
      '/health',
      { headers: { Origin: 'https://evil.example' } },
      widgetEnv,
    )
    expect(res.headers.get('Access-Control-Allow-Origin')).toBeNull()
  })

  it('always allows the app’s own origin', async () => {
    const res = await app.request(
      'http://quire.local/health',
      { headers: { Origin: 'http://quire.local' } },
      env,
    )
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('http://quire.local')
  })

  it('answers an allowed preflight with the methods and headers the widget needs', async () => {
    const res = await app.request(
      '/api/sessions',
      {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://blog.example.com',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type,authorization',
        },
      },
      widgetEnv,
    )
    expect(res.status).toBe(204)
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('https://blog.example.com')
    expect(res.headers.get('Access-Control-Allow-Headers')).toContain('Authorization')
  })

  it('lets an unlisted origin’s preflight through only to have the call refused (403)', async () => {
    const init = (method: string): RequestInit => ({
      method,
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    })
    const preflight = await app.request('/api/sessions', init('OPTIONS'), widgetEnv)
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe('https://evil.example')
    const call = await app.request('/api/sessions', init('POST'), widgetEnv)
    expect(call.status).toBe(403)
  })
})

describe('requireApiKey', () => {
  it('refuses a request without a key when keys are configured', async () => {
    const res = await probe.request('/api/secret', {}, env)
    expect(res.status).toBe(401)
    expect((await res.json<EnvelopeBody>()).error.code).toBe('unauthorized')
  })

  it('refuses a wrong key', async () => {
    const res = await probe.request(
      '/api/secret',
      { headers: { 'X-API-Key': 'test-api-kez' } },
      env,
    )
    expect(res.status).toBe(401)
  })

  it('accepts the key as a bearer token or as X-API-Key', async () => {
    const bearer = await probe.request(
      '/api/secret',
      { headers: { Authorization: 'Bearer test-api-key' } },
      env,
    )
    const header = await probe.request(
      '/api/secret',
      { headers: { 'X-API-Key': 'test-api-key' } },
      env,
    )
    expect([bearer.status, header.status]).toEqual([200, 200])
    expect(bearer.headers.get('X-Quire-Auth')).toBeNull()
    expect(await bearer.json()).toEqual({ ok: true })
  })

  it('accepts any of several configured keys', async () => {
    const multi = envWith(env, { QUIRE_API_KEYS: 'first-key, second-key' })
    const res = await probe.request(
      '/api/secret',
      { headers: { 'X-API-Key': 'second-key' } },
      multi,
    )
    expect(res.status).toBe(200)
  })

  it('leaves the route open and says so when no key is configured', async () => {
    const open = envWith(env, { QUIRE_API_KEYS: '' })
    const res = await probe.request('/api/secret', {}, open)
    expect(res.status).toBe(200)
    expect(res.headers.get('X-Quire-Auth')).toBe('open')
    expect(await res.json()).toMatchObject({ ok: true, auth: { mode: 'open' } })
  })
})

describe('publicRateLimit', () => {
  it('answers 429 with Retry-After: 60 once the binding says no, keyed by client IP', async () => {
    const limit = vi.spyOn(env.PUBLIC_RATE_LIMIT, 'limit').mockResolvedValue({ success: false })
    const res = await probe.request(
      '/api/public',
      { headers: { 'CF-Connecting-IP': '203.0.113.9' } },
      env,
    )
    expect(res.status).toBe(429)
    expect(res.headers.get('Retry-After')).toBe('60')
    expect((await res.json<EnvelopeBody>()).error.code).toBe('rate_limited')
    expect(limit).toHaveBeenCalledWith({ key: '203.0.113.9' })
    limit.mockRestore()
  })

  it('uses the key "local" when there is no client IP header', async () => {
    const limit = vi.spyOn(env.PUBLIC_RATE_LIMIT, 'limit').mockResolvedValue({ success: true })
    const res = await probe.request('/api/public', {}, env)
    expect(res.status).toBe(200)
    expect(limit).toHaveBeenCalledWith({ key: 'local' })
    limit.mockRestore()
  })

  it('lets reads through, and logs, when the limiter itself fails', async () => {
    const limit = vi
      .spyOn(env.PUBLIC_RATE_LIMIT, 'limit')
      .mockRejectedValue(new Error('binding down'))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const res = await probe.request('/api/public', {}, env)
    expect(res.status).toBe(200)
    expect(warn).toHaveBeenCalled()
    limit.mockRestore()
    warn.mockRestore()
  })

  it('refuses writes with a short 429 when the limiter itself fails', async () => {
    const limit = vi
      .spyOn(env.PUBLIC_RATE_LIMIT, 'limit')
      .mockRejectedValue(new Error('binding down'))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const res = await probe.request('/api/public', { method: 'POST' }, env)
    expect(res.status).toBe(429)
    expect(res.headers.get('Retry-After')).toBe('10')
    const body = await res.json<EnvelopeBody>()
    expect(body.error.details).toEqual({ reason: 'limiter_unavailable' })
    limit.mockRestore()
    warn.mockRestore()
  })

  it('answers config_invalid naming PUBLIC_RATE_LIMIT when deployed without the binding', async () => {
    const unbound = { ...env, PUBLIC_RATE_LIMIT: undefined } as unknown as Env
    for (const method of ['GET', 'POST']) {
      const res = await probe.request('https://quire.example.org/api/public', { method }, unbound)
      expect(res.status).toBe(500)
      const body = await res.json<EnvelopeBody>()
      expect(body.error.code).toBe('config_invalid')
      expect(body.error.message).toContain('PUBLIC_RATE_LIMIT')
    }
  })

  it('lets traffic through locally without the binding', async () => {
    const unbound = { ...env, PUBLIC_RATE_LIMIT: undefined } as unknown as Env
    const res = await probe.request('http://127.0.0.1:8787/api/public', { method: 'POST' }, unbound)
    expect(res.status).toBe(200)
  })
})
