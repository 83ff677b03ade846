// Route-level helpers for turn tests: sessions created through the real route, JSON and
// authorised requests, SSE parsing with eventsource-parser, and bounded polling.
import { env } from 'cloudflare:test'
import { createParser } from 'eventsource-parser'
import { app } from '../../workers/app'
import type { Packet } from '../../workers/stream'

export interface TestSession {
  id: string
  token: string
}

let clientIp = 0

export async function newSession(): Promise<TestSession> {
  clientIp += 1
  const res = await app.request(
    '/api/sessions',
    { method: 'POST', headers: { 'CF-Connecting-IP': `203.0.113.${clientIp % 250}` } },
    env,
  )
  if (res.status !== 201) throw new Error(`session create failed: ${res.status}`)
  const body = await res.json<{ session_id: string; token: string }>()
  return { id: body.session_id, token: body.token }
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

/** Reads an SSE response into packets; `onPacket` may act mid-stream, returning true stops reading. */
export async function readSse(
  res: Response,
  onPacket?: (packet: Packet) => boolean | void | Promise<boolean | void>,
): Promise<Packet[]> {
  const packets: Packet[] = []
  const parser = createParser({
    onEvent: (event) => void packets.push(JSON.parse(event.data) as Packet),
  })
  const reader = res.body?.getReader()
  if (!reader) throw new Error('no body')
  const text = new TextDecoder()
  let seen = 0
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    parser.feed(text.decode(next.value, { stream: true }))
    for (; seen < packets.length; seen += 1) {
      const packet = packets[seen]
      if (packet && (await onPacket?.(packet))) {
        await reader.cancel()
        return packets
      }
    }
  }
  return packets
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
