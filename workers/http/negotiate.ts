// Content negotiation for run results, in one place: SSE, text/plain or (default) JSON.
import type { Context } from 'hono'

export type ResponseFormat = 'json' | 'sse' | 'text'

/** Picks from the Accept header; `fallback` is the route's default (JSON unless it says). */
export function negotiateFormat(c: Context, fallback: ResponseFormat = 'json'): ResponseFormat {
  const accept = (c.req.header('Accept') ?? '').toLowerCase()
  if (accept.includes('text/event-stream')) return 'sse'
  if (accept.includes('text/plain')) return 'text'
  if (accept.includes('application/json')) return 'json'
  return fallback
}
