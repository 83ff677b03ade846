// The scripted fake keeps idle keep-alive sockets open well past a client's reuse window, so a
// pooled connection is never closed under a request (the "Network connection lost" flake).
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeOpenAi } from './fake-openai-server'

let fake: Awaited<ReturnType<typeof startFakeOpenAi>>
beforeAll(async () => {
  fake = await startFakeOpenAi()
})
afterAll(() => fake.close())

/** The response headers of a keep-alive request to the fake. */
function headersOf(path: string, method = 'GET', body?: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const req = request(`${fake.url}${path}`, { method, headers: { connection: 'keep-alive' } })
    req.on('response', (res) => {
      res.resume()
      res.on('end', () => resolve(res.headers))
    })
    req.on('error', reject)
    req.end(body)
  })
}

// Clients reuse an idle socket for up to ~5 s (undici's default keepAliveTimeout is 4 s); the
// server must announce, and keep, a longer idle time than that.
const CLIENT_REUSE_WINDOW_S = 5

describe('startFakeOpenAi keep-alive', () => {
  it.each([
    ['GET', '/v1/models', undefined],
    ['GET', '/__requests?key=none', undefined],
    ['POST', '/__scripts', JSON.stringify({ steps: [{ reply: 'hi' }] })],
  ])(
    '%s %s keeps the connection open longer than a client reuses it',
    async (method, path, body) => {
      const headers = await headersOf(path, method, body)
      expect(headers.connection).toBe('keep-alive')
      const timeout = /timeout=(\d+)/.exec(String(headers['keep-alive']))?.[1]
      expect(Number(timeout)).toBeGreaterThanOrEqual(12 * CLIENT_REUSE_WINDOW_S)
    },
  )
})
