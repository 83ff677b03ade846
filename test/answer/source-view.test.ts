// GET /api/sources/:id: the page a knowledge-base citation links to, and how corpus results
// without a web address get that link.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { app } from '../../workers/app'
import { normaliseResults } from '../../workers/answer/search'
import { aResult } from './builders'

async function insertSource(id: string, title: string): Promise<void> {
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO sources (id, kind, external_id, title, authors, year) VALUES (?, 'text', ?, ?, '["A. Author"]', 2020)`,
    ).bind(id, `ext-${id}`, title),
    env.DB.prepare(
      `INSERT INTO documents (id, source_id, title, content_hash) VALUES (?, ?, ?, 'h')`,
    ).bind(`doc-${id}`, id, title),
    env.DB.prepare(
      `INSERT INTO chunks (document_id, source_id, paper_key, ordinal, title, content, token_count, content_hash)
       VALUES (?, ?, ?, 0, ?, 'Vitamin D improves calcium absorption <b>in adults</b>.', 9, 'c0')`,
    ).bind(`doc-${id}`, id, id, title),
  ])
}

describe('GET /api/sources/:id', () => {
  it('returns a source and its indexed passages as JSON', async () => {
    await insertSource('src-json', 'Calcium absorption and vitamin D')
    const res = await app.request('/api/sources/src-json', {}, env)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      id: 'src-json',
      title: 'Calcium absorption and vitamin D',
      authors: ['A. Author'],
      passages: [{ text: expect.stringContaining('calcium absorption') }],
    })
  })

  it('renders an escaped HTML page for browsers', async () => {
    await insertSource('src-html', 'Title with <script>alert(1)</script>')
    const res = await app.request(
      '/api/sources/src-html',
      { headers: { accept: 'text/html' } },
      env,
    )
    const html = await res.text()
    expect(res.headers.get('content-type')).toMatch(/text\/html/)
    expect(html).not.toContain('<script>alert(1)</script>')
    expect(html).toContain('&lt;script&gt;')
    expect(html).toContain('&lt;b&gt;in adults')
  })

  it('answers 404 for an unknown source', async () => {
    expect((await app.request('/api/sources/nope', {}, env)).status).toBe(404)
  })
})

describe('links for knowledge-base sources', () => {
  it('turns quire://source/<id> into the source page path', () => {
    const [result] = normaliseResults([
      aResult(1, { url: 'quire://source/abc', domain: 'quire', sourceId: 'abc' }),
    ])
    expect(result?.url).toBe('/api/sources/abc')
  })
})
