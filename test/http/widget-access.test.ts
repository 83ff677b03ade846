// The widget's access to the API: browsers' calls from origins outside WIDGET_ORIGINS are
// refused, and a widget public key (WIDGET_PUBLIC_KEYS) can only ask.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { app } from '../../workers/app'
import { envWith, type EnvelopeBody } from './test-app'

const ALLOWED = 'https://blog.example.com'
const KEY = 'qw_pub_widget_key_1'
const open = envWith(env, { WIDGET_ORIGINS: ALLOWED })
const keyed = envWith(env, { WIDGET_ORIGINS: ALLOWED, WIDGET_PUBLIC_KEYS: `${KEY}, qw_pub_other` })

function call(path: string, init: RequestInit, bindings: Env) {
  return Promise.resolve(app.request(`http://quire.local${path}`, init, bindings))
}

/** An ask whose body is invalid: a 400 proves the request got past the access checks. */
const badAsk = (headers: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify({ query: '' }),
})

describe('the API from other origins', () => {
  it('refuses an API call from an origin not in WIDGET_ORIGINS, in words the widget can read', async () => {
    const evil = 'https://evil.example'
    // The preflight passes, so the browser sends the call and hands the widget the refusal
    // instead of a bare network error; the refusal itself is the server's.
    const preflight = await call(
      '/api/ask',
      {
        method: 'OPTIONS',
        headers: {
          Origin: evil,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type',
        },
      },
      open,
    )
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe(evil)
    const res = await call('/api/ask', badAsk({ Origin: evil }), open)
    expect(res.status).toBe(403)
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe(evil)
    const { error } = await res.json<EnvelopeBody & { error: { details?: unknown } }>()
    expect(error.message).toMatch(/WIDGET_ORIGINS/)
    expect(error.details).toEqual({ reason: 'origin_not_allowed', origin: evil })
  })

  it('grants no other origin CORS outside /api (the OpenAI-compatible API, MCP)', async () => {
    const res = await call(
      '/v1/models',
      {
        method: 'OPTIONS',
        headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' },
      },
      open,
    )
    expect(res.headers.get('Access-Control-Allow-Origin')).toBeNull()
  })

  it('refuses a lookalike of a listed origin (other scheme or port)', async () => {
    for (const origin of ['http://blog.example.com', 'https://blog.example.com:8443']) {
      const res = await call('/api/ask', badAsk({ Origin: origin }), open)
      expect(res.status, origin).toBe(403)
    }
  })

  it('lets a listed origin through, with its CORS grant', async () => {
    const res = await call('/api/ask', badAsk({ Origin: ALLOWED }), open)
    expect(res.status).toBe(400)
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe(ALLOWED)
  })

  it('lets the app’s own pages and non-browser clients through', async () => {
    expect((await call('/api/ask', badAsk({ Origin: 'http://quire.local' }), open)).status).toBe(
      400,
    )
    expect((await call('/api/ask', badAsk({}), open)).status).toBe(400)
  })

  it('exposes the new session’s headers and accepts the widget key header in preflights', async () => {
    const res = await call(
      '/api/ask',
      {
        method: 'OPTIONS',
        headers: {
          Origin: ALLOWED,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type,x-quire-widget-key',
        },
      },
      keyed,
    )
    expect(res.status).toBe(204)
    expect(res.headers.get('Access-Control-Allow-Headers')).toContain('X-Quire-Widget-Key')
    const ask = await call(
      '/api/ask',
      badAsk({ Origin: ALLOWED, 'X-Quire-Widget-Key': KEY }),
      keyed,
    )
    expect(ask.headers.get('Access-Control-Expose-Headers')).toContain('X-Quire-Session-Token')
  })
})

describe('widget public keys', () => {
  it('let a listed key ask', async () => {
    const res = await call(
      '/api/ask',
      badAsk({ Origin: ALLOWED, 'X-Quire-Widget-Key': KEY }),
      keyed,
    )
    expect(res.status).toBe(400)
  })

  it('refuse an unknown key', async () => {
    const res = await call('/api/ask', badAsk({ 'X-Quire-Widget-Key': 'qw_pub_guess' }), keyed)
    expect(res.status).toBe(401)
  })

  it('never ingest, create or read sessions, or share', async () => {
    const headers = { 'X-Quire-Widget-Key': KEY, 'content-type': 'application/json' }
    const attempts: [string, RequestInit][] = [
      ['/api/ingest', { method: 'POST', headers, body: JSON.stringify({ type: 'demo_corpus' }) }],
      ['/api/sessions', { method: 'POST', headers, body: '{}' }],
      [`/api/sessions/${crypto.randomUUID()}`, { headers }],
      [`/api/sessions/${crypto.randomUUID()}/shares`, { headers }],
      [`/api/progress/${crypto.randomUUID()}`, { headers }],
      ['/api/debate/stream', { method: 'POST', headers, body: '{}' }],
    ]
    for (const [path, init] of attempts) {
      const res = await call(path, init, keyed)
      expect(res.status, path).toBe(403)
      expect((await res.json<EnvelopeBody>()).error.message).toMatch(/can only ask/)
    }
  })

  it('are not API keys: a widget key cannot pass as X-API-Key for ingest', async () => {
    const withApiKeys = envWith(keyed, { QUIRE_API_KEYS: 'real-secret-key' })
    const res = await call(
      '/api/ingest',
      {
        method: 'POST',
        headers: { 'X-API-Key': KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'demo_corpus' }),
      },
      withApiKeys,
    )
    expect(res.status).toBe(401)
  })

  it('are required for cross-origin asks once configured, but not for the app itself', async () => {
    expect((await call('/api/ask', badAsk({ Origin: ALLOWED }), keyed)).status).toBe(401)
    expect((await call('/api/ask', badAsk({ Origin: 'http://quire.local' }), keyed)).status).toBe(
      400,
    )
  })
})
