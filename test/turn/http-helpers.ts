// Route-level helpers for turn tests: sessions created through the real route, JSON and
// authorised requests, and bounded polling. SSE reading is shared with the other route tests.
import { env } from 'cloudflare:test'
import { app } from '../../workers/app'
import { createSession } from '../session/helpers'

export { readSse } from '../stream/read-sse'

export interface TestSession {
  id: string
  token: string
}

export async function newSession(): Promise<TestSession> {
  const { sessionId, token } = await createSession()
  return { id: sessionId, token }
}

export function call(
  session: TestSession,
  path: string,
  init: {
    method?: string
    body?: unknown
    accept?: string
    token?: string | null
    raw?: BodyInit
    type?: string
  } = {},
): Promise<Response> {
  const headers: Record<string, string> = {}
  const token = init.token === undefined ? session.token : init.token
  if (token) headers.Authorization = `Bearer ${token}`
  if (init.accept) headers.Accept = init.accept
  let body: BodyInit | undefined = init.raw
  if (init.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(init.body)
  } else if (init.type) headers['Content-Type'] = init.type
  const method = init.method ?? (body === undefined ? 'GET' : 'POST')
  return Promise.resolve(
    app.request(`/api/sessions/${session.id}${path}`, { method, headers, body }, env),
  )
}

interface Described {
  messages: { role: string; content: string; data: Record<string, unknown> }[]
  running: unknown
}

export async function describeSession(session: TestSession): Promise<Described> {
  const res = await call(session, '')
  if (res.status !== 200) throw new Error(`describe failed: ${res.status}`)
  return res.json<Described>()
}

/** Polls GET /api/sessions/:id until `check` holds (bounded). */
export async function waitForSession(
  session: TestSession,
  check: (session: Described) => boolean,
  timeoutMs = 5_000,
): Promise<Described> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const described = await describeSession(session)
    if (check(described)) return described
    if (Date.now() > deadline) throw new Error('session never reached the expected state')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
