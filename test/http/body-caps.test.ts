// Every route caps its body by bytes read, whatever the Content-Type, before it authenticates:
// a streamed body without Content-Length is refused once it passes the route's cap (upload
// routes MAX_UPLOAD_BYTES, every other MAX_BODY_BYTES), and no more of it is read.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { app } from '../../workers/app'
import { isUploadRoute } from '../../workers/http'
import type { EnvelopeBody } from './test-app'

const MAX_BODY = 1_048_576
const MAX_UPLOAD = 10_485_760
const PIECE = 64 * 1024

/** A body of `total` bytes streamed in 64 KiB pieces; `read()` says how many were pulled. */
function streamedBody(total: number, prefix = '') {
  let sent = 0
  const head = new TextEncoder().encode(prefix)
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close()
      const piece = sent === 0 && head.length > 0 ? head : new Uint8Array(PIECE).fill(0x61)
      sent += piece.length
      controller.enqueue(piece)
    },
  })
  return { stream, read: () => sent }
}

function post(path: string, contentType: string | null, body: ReadableStream<Uint8Array>) {
  const headers: Record<string, string> = contentType ? { 'Content-Type': contentType } : {}
  return app.request(path, { method: 'POST', headers, body, duplex: 'half' } as RequestInit, env)
}

const MULTIPART = 'multipart/form-data; boundary=quire-probe'
const MULTIPART_HEAD = '--quire-probe\r\nContent-Disposition: form-data; name="file"\r\n\r\n'

describe('body caps before authentication', () => {
  it('refuses an unauthenticated 5 MB multipart webhook with 413, reading about the cap only', async () => {
    const body = streamedBody(5 * 1024 * 1024, MULTIPART_HEAD)
    const res = await post('/api/ingest/webhook', MULTIPART, body.stream)
    expect(res.status).toBe(413)
    const envelope = await res.json<EnvelopeBody>()
    expect(envelope.error.code).toBe('too_large')
    expect(envelope.error.details).toEqual({ max_bytes: MAX_BODY })
    expect(body.read()).toBeLessThanOrEqual(MAX_BODY + 2 * PIECE)
  })

  const routes = [
    '/api/ingest/webhook',
    '/api/ingest',
    '/api/sessions',
    '/api/ask',
    '/api/chat/message',
    '/api/papers/search',
    '/v1/chat/completions',
    '/mcp',
  ]
  const types = [MULTIPART, 'application/json', 'text/plain', 'application/octet-stream', null]
  const cases = routes.flatMap((path) => types.map((type) => [path, type] as const))

  it.each(cases)('refuses 1.5 MB to %s as %s with 413', async (path, type) => {
    const body = streamedBody(1_572_864)
    const res = await post(path, type, body.stream)
    expect(res.status).toBe(413)
    expect((await res.json<EnvelopeBody>()).error.details).toEqual({ max_bytes: MAX_BODY })
  })

  it.each(['/api/papers/upload', '/api/sessions/some-session/files'])(
    'lets 2 MB through to the upload route %s (its own checks answer), refuses past the upload cap',
    async (path) => {
      const under = await post(
        path,
        MULTIPART,
        streamedBody(2 * 1024 * 1024, MULTIPART_HEAD).stream,
      )
      expect(under.status).not.toBe(413)
      const over = await post(path, MULTIPART, streamedBody(MAX_UPLOAD + PIECE).stream)
      expect(over.status).toBe(413)
      expect((await over.json<EnvelopeBody>()).error.details).toEqual({ max_bytes: MAX_UPLOAD })
    },
  )
})

describe('isUploadRoute', () => {
  it.each([
    ['POST', '/api/papers/upload', true],
    ['POST', '/api/sessions/abc/files', true],
    ['POST', '/api/sessions/abc/files/', true],
    ['GET', '/api/sessions/abc/files', false],
    ['POST', '/api/sessions/abc/files/x', false],
    ['POST', '/api/papers/upload/more', false],
    ['POST', '/api/ingest/webhook', false],
    ['POST', '/api/ingest', false],
  ] as const)('%s %s is an upload route: %s', (method, path, expected) => {
    expect(isUploadRoute(method, path)).toBe(expected)
  })
})
