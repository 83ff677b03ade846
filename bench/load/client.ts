// HTTP calls of the load run: JSON requests with a per-session client IP, and SSE responses
// read to the end with the time of their first status packet.
import { createParser } from 'eventsource-parser'

export interface Reply {
  status: number
  ms: number
  text: string
  /** SSE only: ms until the first packet of type 'status' (or the first packet at all). */
  firstStatusMs?: number
  /** SSE only: the last packet's type. */
  lastType?: string
  /** The envelope's error code, when the body carries one. */
  code?: string
}

export interface CallOptions {
  method?: string
  body?: unknown
  token?: string
  ip: string
  sse?: boolean
  /** Called once with the first token packet (SSE only), e.g. to stop the run. */
  onToken?: () => void
}

function errorCode(text: string): string | undefined {
  try {
    const parsed = JSON.parse(text) as { error?: { code?: unknown } }
    return typeof parsed.error?.code === 'string' ? parsed.error.code : undefined
  } catch {
    return undefined
  }
}

export async function call(url: string, options: CallOptions): Promise<Reply> {
  const headers: Record<string, string> = { 'cf-connecting-ip': options.ip }
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (options.sse) headers.accept = 'text/event-stream'
  const started = performance.now()
  const res = await fetch(url, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(120_000),
  })
  const isSse = (res.headers.get('content-type') ?? '').includes('text/event-stream')
  if (!isSse || !res.body) {
    const text = await res.text()
    return { status: res.status, ms: performance.now() - started, text, code: errorCode(text) }
  }
  let firstStatusMs: number | undefined
  let lastType: string | undefined
  let tokenSeen = false
  const parser = createParser({
    onEvent: (event) => {
      const type = (JSON.parse(event.data) as { type?: string }).type
      lastType = type
      if (firstStatusMs === undefined) firstStatusMs = performance.now() - started
      if (type === 'token' && !tokenSeen) {
        tokenSeen = true
        options.onToken?.()
      }
    },
  })
  const decoder = new TextDecoder()
  let text = ''
  for await (const part of res.body) {
    const piece = decoder.decode(part, { stream: true })
    text += piece
    parser.feed(piece)
  }
  return { status: res.status, ms: performance.now() - started, text, firstStatusMs, lastType }
}
