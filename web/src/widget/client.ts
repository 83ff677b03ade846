// POST /api/ask as a server-sent-events stream, without cookies. A new session's id and token
// come back in the X-Quire-Session-* headers; a stored session the server no longer accepts
// is dropped and the question asked once more in a new one.
import { apiClient, sessionParam } from '../api-client'
import type { WidgetConfig } from './config'
import { loadWidgetSession, saveWidgetSession } from './session'

export interface WidgetPacket {
  type: string
  message?: string
  text?: string
  source?: WidgetSourceRef
  sources?: WidgetSourceRef[]
  stopped?: boolean
  result?: unknown
}

export interface WidgetSourceRef {
  number: number
  title: string
  url?: string
  domain?: string
  snippet?: string
  cited?: boolean
}

/** The host page's cookies never go to Quire: the widget's session is its bearer token. */
const clientFor = (config: WidgetConfig) => apiClient(config.endpoint, { credentials: 'omit' })

async function post(config: WidgetConfig, query: string, signal: AbortSignal, retry: boolean) {
  const session = loadWidgetSession(config.endpoint)
  const headers: Record<string, string> = { accept: 'text/event-stream' }
  if (session) headers.authorization = `Bearer ${session.token}`
  if (config.key) headers['x-quire-widget-key'] = config.key
  const res = await clientFor(config).api.ask.$post(
    { json: session ? { query, session_id: session.id } : { query } },
    { headers, init: { signal } },
  )
  if (session && retry && (res.status === 401 || res.status === 404)) {
    saveWidgetSession(config.endpoint, null)
    return post(config, query, signal, false)
  }
  return res
}

interface Envelope {
  error?: { message?: string; details?: { reason?: unknown; origin?: unknown } }
}

/** The server's refusal in words a reader of the host page understands. */
async function failure(res: { status: number; json(): Promise<unknown> }): Promise<Error> {
  const body = (await res.json().catch(() => null)) as Envelope | null
  const details = body?.error?.details
  if (details?.reason === 'origin_not_allowed') {
    const site = typeof details.origin === 'string' ? details.origin : 'this site'
    return new Error(
      `This site is not allowed to embed Quire: the Quire server does not list ${site} in WIDGET_ORIGINS.`,
    )
  }
  return new Error(body?.error?.message ?? `The request failed (${res.status})`)
}

/** Streams one answer: calls onPacket for each packet until the stream ends. */
export async function ask(
  config: WidgetConfig,
  query: string,
  signal: AbortSignal,
  onPacket: (packet: WidgetPacket) => void,
): Promise<void> {
  const res = await post(config, query, signal, true)
  if (!res.ok || !res.body) throw await failure(res)
  const id = res.headers.get('x-quire-session-id')
  const token = res.headers.get('x-quire-session-token')
  if (id && token) saveWidgetSession(config.endpoint, { id, token })
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (done) return
    buffer += value.replace(/\r\n?/g, '\n')
    let end = buffer.indexOf('\n\n')
    while (end >= 0) {
      const data = buffer
        .slice(0, end)
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n')
      buffer = buffer.slice(end + 2)
      end = buffer.indexOf('\n\n')
      if (!data) continue
      try {
        onPacket(JSON.parse(data) as WidgetPacket)
      } catch {
        // A malformed event is skipped; the final `done` packet carries the whole answer.
      }
    }
  }
}

/**
 * Asks the server to stop this tab's running answer (the session's own token: no widget key
 * needed); the server keeps the partial text in the session. Best effort: false on failure.
 */
export async function stopAnswer(config: WidgetConfig): Promise<boolean> {
  const session = loadWidgetSession(config.endpoint)
  if (!session) return false
  try {
    const res = await clientFor(config).api.sessions[':id'].stop.$post(sessionParam(session), {
      headers: { authorization: `Bearer ${session.token}` },
    })
    return res.ok
  } catch {
    return false
  }
}
