// An unknown path opened in a browser gets a small HTML 404 page; API clients keep the JSON
// envelope. The Accept header's q-values decide.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { app } from '../../workers/app'

const CHROME =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8'
const FIREFOX = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'

function get(path: string, accept?: string, method = 'GET') {
  return app.request(path, { method, headers: accept === undefined ? {} : { Accept: accept } }, env)
}

describe('404 for an unknown path', () => {
  it.each([
    [CHROME, 'html'],
    [FIREFOX, 'html'],
    ['text/html', 'html'],
    ['application/json;q=0.5, text/html', 'html'],
    [undefined, 'json'],
    ['*/*', 'json'],
    ['application/json', 'json'],
    ['application/json, text/html;q=0.5', 'json'],
    ['text/html;q=0, application/json;q=0.1', 'json'],
    ['text/event-stream', 'json'],
  ])('Accept %s → %s', async (accept, kind) => {
    for (const path of ['/nope', '/api/nope', '/deep/er/path']) {
      const res = await get(path, accept)
      expect(res.status).toBe(404)
      const type = res.headers.get('content-type') ?? ''
      if (kind === 'html') {
        expect(type).toMatch(/^text\/html/)
        const text = await res.text()
        expect(text).toContain('<h1>Page not found</h1>')
        expect(text).toContain(`<code>${path}</code>`)
      } else {
        expect(type).toMatch(/^application\/json/)
        const body = await res.json<{ error: { code: string; message: string } }>()
        expect(body.error).toMatchObject({ code: 'not_found', message: `No route for GET ${path}` })
      }
    }
  })

  it('escapes the path it names', async () => {
    const text = await (await get('/%3Cscript%3Ealert(1)%3C%2Fscript%3E', CHROME)).text()
    expect(text).not.toContain('<script>')
    expect(text).toContain('&lt;script&gt;')
  })

  it('keeps the envelope for other methods, which no browser navigation sends', async () => {
    const res = await get('/nope', CHROME, 'POST')
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
  })
})
