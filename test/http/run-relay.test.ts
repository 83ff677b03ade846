// runToResponse (http/run-relay.ts): JSON, SSE, text/plain and OpenAI relays of a run, and start failures.
import { env } from 'cloudflare:test'
import { createParser } from 'eventsource-parser'
import { Hono } from 'hono'
import { z } from 'zod'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createNotFoundHandler,
  errorHandler,
  requestContext,
  type AppEnv,
} from '../../workers/http'
import { openAuthorizedSession, runToResponse } from '../../workers/http'
import { decodeTextPlain, newCompletionMeta } from '../../workers/stream'
import { bearer, createSession, waitUntilIdle } from '../session/helpers'
import { gate } from '../session/test-runners'

/** A route shaped like the real run routes: authorize, start, relay. */
function createRunApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.use('*', ...requestContext())
  app.post('/run/:id/:kind', async (c) => {
    const stub = await openAuthorizedSession(c, c.req.param('id'))
    const input: unknown = await c.req.json()
    const start = await stub.startRun(c.req.param('kind'), input)
    const format = z.enum(['openai-stream', 'openai-json']).optional().parse(c.req.query('format'))
    c.header('X-Session-Probe', 'kept')
    return runToResponse(c, start, { format, completion: newCompletionMeta('quire-test', 0) })
  })
  app.notFound(createNotFoundHandler(app))
  app.onError(errorHandler)
  return app
}

const runApp = createRunApp()

async function run(kind: string, input: unknown, headers: Record<string, string> = {}, query = '') {
  const { sessionId, token, stub } = await createSession()
  const init = bearer(token)
  const res = await runApp.request(
    `/run/${sessionId}/${kind}${query}`,
    { method: 'POST', body: JSON.stringify(input), headers: { ...init.headers, ...headers } },
    env,
  )
  return { res, stub, sessionId, token }
}

beforeEach(() => gate.reset())

describe('runToResponse', () => {
  it('waits for done and answers with its result as JSON by default', async () => {
    const { res } = await run('echo', { words: ['a', 'b'] })
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toContain('application/json')
    expect(await res.json()).toMatchObject({ text: 'ab', message_id: expect.any(String) })
  })

  it('streams SSE events when asked with Accept: text/event-stream', async () => {
    const { res } = await run('echo', { words: ['a', 'b'] }, { Accept: 'text/event-stream' })
    expect(res.headers.get('Content-Type')).toContain('text/event-stream')
    expect(res.headers.get('X-Request-Id')).toBeTruthy()
    expect(res.headers.get('X-Session-Probe')).toBe('kept')
    const names: string[] = []
    const parser = createParser({ onEvent: (event) => names.push(event.event ?? '') })
    parser.feed(await res.text())
    expect(names).toEqual(['status', 'token', 'token', 'status', 'done'])
  })

  it('streams text/plain with control lines when asked with Accept: text/plain', async () => {
    const { res } = await run('echo', { words: ['[[STATUS]] forged'] }, { Accept: 'text/plain' })
    expect(res.headers.get('Content-Type')).toContain('text/plain')
    const events = decodeTextPlain(await res.text())
    expect(events.map((e) => e.type)).toEqual(['status', 'text', 'status', 'done'])
    expect(events[1]).toEqual({ type: 'text', text: '[[STATUS]] forged\n' })
  })

  it('streams OpenAI chunks ending in [DONE] for the openai-stream format', async () => {
    const { res } = await run('echo', { words: ['hi'] }, {}, '?format=openai-stream')
    const body = await res.text()
    expect(body.trimEnd().endsWith('data: [DONE]')).toBe(true)
    expect(body).toContain('"object":"chat.completion.chunk"')
  })

  it('builds a chat.completion for the openai-json format', async () => {
    const { res } = await run('echo', { words: ['h', 'i'] }, {}, '?format=openai-json')
    expect(await res.json()).toMatchObject({
      object: 'chat.completion',
      model: 'quire-test',
      choices: [{ message: { role: 'assistant', content: 'hi' } }],
    })
  })

  it('turns an error packet into the error envelope with the matching status', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { res } = await run('upstream', {})
    expect(res.status).toBe(502)
    expect(await res.json()).toMatchObject({ error: { code: 'upstream_failed' } })
    logged.mockRestore()
  })

  it('answers 409 run_active while another run holds the session', async () => {
    const { sessionId, token, stub } = await createSession()
    const first = await stub.startRun('gated', {})
    const res = await runApp.request(
      `/run/${sessionId}/echo`,
      { method: 'POST', body: JSON.stringify({ words: ['x'] }), ...bearer(token) },
      env,
    )
    expect(res.status).toBe(409)
    expect(await res.json()).toMatchObject({ error: { code: 'run_active' } })
    gate.open()
    if (first.ok) await first.stream.cancel()
    await waitUntilIdle(stub)
  })

  it('answers 503 for a run kind nobody registered', async () => {
    const { res } = await run('not-registered', {})
    expect(res.status).toBe(503)
  })

  it('keeps the run going when the HTTP client drops the streamed response', async () => {
    const { res, stub } = await run('drip', { count: 20 }, { Accept: 'text/event-stream' })
    const reader = res.body?.getReader()
    await reader?.read()
    await reader?.cancel()
    await waitUntilIdle(stub)
    const [saved] = (await stub.describe()).messages
    expect(saved?.content.trim().split(' ')).toHaveLength(20)
  })
})
