// Bounded work per request: every text-taking route answers hostile text up to the body cap
// (long unbroken, repetitive, multi-byte, regex-hostile; plus fast-check strings) within a
// generous bound, never with a 5xx, and with the JSON error envelope whenever it refuses.
import { env } from 'cloudflare:test'
import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { app } from '../../workers/app'
import { captureQueue, signWebhook } from '../ingest/helpers'
import { newSession } from '../turn/http-helpers'
import { hostileTexts } from './fuzz-inputs'

/** Per request, on a shared 2-core machine. */
const BOUND_MS = 30_000

type Route = { name: string; send: (text: string) => Promise<Response> }

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  Promise.resolve(
    app.request(
      path,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': '10.9.9.9', ...headers },
        body,
      },
      env,
    ),
  )
const apiKey = { authorization: 'Bearer test-api-key' }

async function sessionPath(suffix: string) {
  const session = await newSession()
  return {
    path: `/api/sessions/${session.id}${suffix}`,
    auth: { authorization: `Bearer ${session.token}` },
  }
}

const ROUTES: Route[] = [
  { name: 'POST /api/ask', send: (text) => post('/api/ask', JSON.stringify({ query: text })) },
  {
    name: 'POST /v1/chat/completions',
    send: (text) =>
      post(
        '/v1/chat/completions',
        JSON.stringify({ model: 'quire', messages: [{ role: 'user', content: text }] }),
        apiKey,
      ),
  },
  {
    name: 'POST /api/sessions/:id/messages',
    send: async (text) => {
      const s = await sessionPath('/messages')
      return post(s.path, JSON.stringify({ message: text }), s.auth)
    },
  },
  {
    name: 'POST /api/sessions/:id/files',
    send: async (text) => {
      const s = await sessionPath('/files')
      return post(s.path, JSON.stringify({ name: 'fuzz.md', text }), s.auth)
    },
  },
  {
    name: 'POST /api/ingest',
    send: (text) =>
      post(
        '/api/ingest',
        JSON.stringify({ type: 'text', title: text.slice(0, 400), text }),
        apiKey,
      ),
  },
  {
    name: 'POST /api/ingest/webhook',
    send: (text) => {
      const raw = JSON.stringify({ type: 'text', title: 'fuzz', text })
      return post('/api/ingest/webhook', raw, signWebhook(raw))
    },
  },
]

async function expectBounded(route: Route, text: string): Promise<void> {
  const started = performance.now()
  const res = await route.send(text)
  const body = await res.text()
  const elapsed = performance.now() - started
  expect(res.status, `${route.name}: ${body.slice(0, 300)}`).toBeLessThan(500)
  expect(elapsed, `${route.name} took ${elapsed} ms`).toBeLessThan(BOUND_MS)
  if (res.status >= 400) {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } }
    expect(typeof parsed.error?.code).toBe('string')
    expect(typeof parsed.error?.message).toBe('string')
  }
}

afterEach(() => vi.restoreAllMocks())

describe('hostile text on every text-taking route', () => {
  for (const route of ROUTES) {
    it(
      `${route.name} answers every hostile shape up to the body cap in bounded time, never 5xx`,
      { timeout: 300_000 },
      async () => {
        captureQueue()
        for (const { text } of hostileTexts()) await expectBounded(route, text)
      },
    )

    it(
      `${route.name} answers generated strings in bounded time, never 5xx`,
      { timeout: 300_000 },
      async () => {
        captureQueue()
        await fc.assert(
          fc.asyncProperty(
            fc.string({ unit: 'binary', minLength: 1, maxLength: 3_000 }),
            fc.integer({ min: 1, max: 40 }),
            async (piece, times) => expectBounded(route, piece.repeat(times)),
          ),
          { numRuns: 8, seed: 14 },
        )
      },
    )
  }
})
