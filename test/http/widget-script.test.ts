// GET /widget.js: served from the assets with embedding headers (cache, cross-origin, no sniff).
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { app } from '../../workers/app'
import { WIDGET_CACHE_CONTROL } from '../../workers/widget'

function withAssets(handler: (request: Request) => Response): Env {
  const assets = { fetch: async (input: RequestInfo) => handler(new Request(input)) }
  return { ...env, ASSETS: assets } as unknown as Env
}

describe('GET /widget.js', () => {
  it('serves the built script with caching and cross-origin headers', async () => {
    const bindings = withAssets(
      () =>
        new Response('console.log(1)', {
          headers: { 'content-type': 'application/octet-stream', etag: '"w1"' },
        }),
    )
    const res = await app.request('/widget.js', {}, bindings)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8')
    expect(res.headers.get('Cache-Control')).toBe(WIDGET_CACHE_CONTROL)
    expect(res.headers.get('Cross-Origin-Resource-Policy')).toBe('cross-origin')
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(res.headers.get('ETag')).toBe('"w1"')
    expect(await res.text()).toBe('console.log(1)')
  })

  it('passes revalidation through: a matching ETag gets 304 with no body', async () => {
    const bindings = withAssets((request) =>
      request.headers.get('If-None-Match') === '"w1"'
        ? new Response(null, { status: 304, headers: { etag: '"w1"' } })
        : new Response('x'),
    )
    const res = await app.request('/widget.js', { headers: { 'If-None-Match': '"w1"' } }, bindings)
    expect(res.status).toBe(304)
    expect(res.headers.get('Cache-Control')).toBe(WIDGET_CACHE_CONTROL)
  })

  it('answers 404 in the error envelope when the widget was not built', async () => {
    const res = await app.request(
      '/widget.js',
      {},
      withAssets(() => new Response('', { status: 404 })),
    )
    expect(res.status).toBe(404)
  })
})
