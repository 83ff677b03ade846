// The error envelope, validation, body limits, 404/405 and request ids.
import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { app } from '../../workers/app'
import { createProbeApp, envWith, type EnvelopeBody } from './test-app'

const probe = createProbeApp()

function postJson(body: string, headers: Record<string, string> = {}): RequestInit {
  return { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body }
}

describe('error envelope', () => {
  it('answers malformed JSON with 400 invalid_json', async () => {
    const res = await probe.request('/api/echo', postJson('{"name": '), env)
    expect(res.status).toBe(400)
    const body = await res.json<EnvelopeBody>()
    expect(body.error.code).toBe('invalid_json')
    expect(body.error.request_id).toBe(res.headers.get('X-Request-Id'))
  })

  it('answers wrong types with 400 validation_failed carrying the zod issues', async () => {
    const res = await probe.request('/api/echo', postJson('{"name":"","count":"three"}'), env)
    expect(res.status).toBe(400)
    const body = await res.json<EnvelopeBody>()
    expect(body.error.code).toBe('validation_failed')
    const issues = (body.error.details as { issues: { path: string[] }[] }).issues
    expect(issues.map((issue) => issue.path.join('.')).sort()).toEqual(['count', 'name'])
  })

  it('passes a valid body through to the handler', async () => {
    const res = await probe.request('/api/echo', postJson('{"name":"a","count":2}'), env)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ name: 'a', count: 2 })
  })

  it('answers a non-JSON content type on a JSON route with 415', async () => {
    const res = await probe.request('/api/echo', { method: 'POST', body: 'name=a' }, env)
    expect(res.status).toBe(415)
    expect((await res.json<EnvelopeBody>()).error.code).toBe('unsupported_media_type')
  })

  it('validates path params too', async () => {
    const res = await probe.request('/api/items/abc', {}, env)
    expect(res.status).toBe(400)
    expect((await res.json<EnvelopeBody>()).error.code).toBe('validation_failed')
  })

  it('rejects a body over MAX_BODY_BYTES with 413 before any route runs', async () => {
    const small = envWith(env, { MAX_BODY_BYTES: '1000' })
    const res = await app.request(
      '/api/sessions',
      postJson(JSON.stringify({ pad: 'x'.repeat(2000) })),
      small,
    )
    expect(res.status).toBe(413)
    const body = await res.json<EnvelopeBody>()
    expect(body.error.code).toBe('too_large')
    expect(body.error.details).toEqual({ max_bytes: 1000 })
  })

  it('counts streamed bodies without a Content-Length against the limit', async () => {
    const small = envWith(env, { MAX_BODY_BYTES: '100' })
    const chunk = new TextEncoder().encode('x'.repeat(80))
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(chunk)
        controller.enqueue(chunk)
        controller.close()
      },
    })
    const init = { ...postJson(''), body: stream, duplex: 'half' } as RequestInit
    const res = await probe.request('/api/echo', init, small)
    expect(res.status).toBe(413)
  })

  it('answers an unknown route with a 404 envelope', async () => {
    const res = await app.request('/api/nope', {}, env)
    expect(res.status).toBe(404)
    const body = await res.json<EnvelopeBody>()
    expect(body.error.code).toBe('not_found')
    expect(body.error.request_id).toMatch(/[0-9a-f-]{36}/)
  })

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const res = await app.request('/health', { method: 'POST' }, env)
    expect(res.status).toBe(405)
    expect(res.headers.get('Allow')).toBe('GET')
    expect((await res.json<EnvelopeBody>()).error.code).toBe('method_not_allowed')
  })

  it('hides unknown errors behind 500 internal and logs them with the request id', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const res = await probe.request(
      '/api/boom',
      { headers: { 'X-Request-Id': 'trace-12345678' } },
      env,
    )
    expect(res.status).toBe(500)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({
      error: { code: 'internal', message: 'Internal error', request_id: 'trace-12345678' },
    })
    expect(text).not.toContain('hunter2')
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('"request_id":"trace-12345678"'))
    logged.mockRestore()
  })

  it('adds Retry-After to rate-limit errors', async () => {
    const res = await probe.request('/api/slow-down', {}, env)
    expect(res.status).toBe(429)
    expect(res.headers.get('Retry-After')).toBe('42')
  })
})

describe('request id', () => {
  it('echoes a sane incoming X-Request-Id on success and error responses', async () => {
    for (const path of ['/health', '/api/nope']) {
      const res = await app.request(path, { headers: { 'X-Request-Id': 'client-req-0001' } }, env)
      expect(res.headers.get('X-Request-Id')).toBe('client-req-0001')
    }
  })

  it('replaces an unsafe incoming id with a fresh UUID', async () => {
    for (const unsafe of ['bad id <script>', 'x'.repeat(300), 'a.b:c/d']) {
      const res = await app.request('/health', { headers: { 'X-Request-Id': unsafe } }, env)
      expect(res.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/)
    }
  })

  it('mints a different id per request', async () => {
    const [a, b] = await Promise.all([
      app.request('/health', {}, env),
      app.request('/health', {}, env),
    ])
    expect(a.headers.get('X-Request-Id')).not.toBe(b.headers.get('X-Request-Id'))
  })
})
