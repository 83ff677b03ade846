// Content negotiation for run results: the Accept header's q-values decide, `*/*` and a
// missing header get the route's default, and a route offers only the formats it speaks.
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { negotiateFormat, type ResponseFormat } from '../../workers/http'

function formatFor(
  accept: string | undefined,
  fallback?: ResponseFormat,
  supported?: ResponseFormat[],
): Promise<string> {
  const app = new Hono().get('/', (c) => c.text(negotiateFormat(c, fallback, supported)))
  const headers: Record<string, string> = accept === undefined ? {} : { Accept: accept }
  return Promise.resolve(app.request('/', { headers })).then((res) => res.text())
}

describe('negotiateFormat', () => {
  it.each([
    [undefined, 'json'],
    ['*/*', 'json'],
    ['text/event-stream', 'sse'],
    ['text/plain', 'text'],
    ['application/json', 'json'],
    ['text/event-stream;q=0.2, application/json', 'json'],
    ['text/plain;q=0.5, text/event-stream;q=0.9', 'sse'],
    ['application/json;q=0, text/plain;q=0.1', 'text'],
    ['text/*', 'sse'],
    ['image/png', 'json'],
  ])('Accept %s → %s (default JSON)', async (accept, format) => {
    expect(await formatFor(accept)).toBe(format)
  })

  it('keeps the route default for */* and for a type the route does not speak', async () => {
    expect(await formatFor('*/*', 'text', ['sse', 'text'])).toBe('text')
    expect(await formatFor('application/json', 'text', ['sse', 'text'])).toBe('text')
    expect(
      await formatFor('text/event-stream;q=0.5, text/plain;q=0.4', 'text', ['sse', 'text']),
    ).toBe('sse')
  })

  it('treats q=0 as "not acceptable"', async () => {
    expect(await formatFor('text/event-stream;q=0', 'json')).toBe('json')
    expect(await formatFor('text/event-stream;q=0, text/plain;q=0.1', 'sse')).toBe('text')
  })
})
