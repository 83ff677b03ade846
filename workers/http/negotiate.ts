// Content negotiation for run results, in one place: SSE, text/plain or JSON, chosen by the
// Accept header's q-values (Hono's accepts helper); `*/*` or no header gets the route's default.
import type { Context } from 'hono'
import { accepts } from 'hono/accepts'

export type ResponseFormat = 'json' | 'sse' | 'text'

const MEDIA_TYPES: Record<ResponseFormat, string> = {
  json: 'application/json',
  sse: 'text/event-stream',
  text: 'text/plain',
}

const ALL_FORMATS: ResponseFormat[] = ['sse', 'text', 'json']

/**
 * The client's most preferred format among `supported`; `fallback` (the route's default, JSON
 * unless it says) when it names none of them, or none with a q-value above 0.
 */
export function negotiateFormat(
  c: Context,
  fallback: ResponseFormat = 'json',
  supported: readonly ResponseFormat[] = ALL_FORMATS,
): ResponseFormat {
  const chosen = accepts(c, {
    header: 'Accept',
    supports: supported.map((format) => MEDIA_TYPES[format]),
    default: MEDIA_TYPES[fallback],
  })
  return supported.find((format) => MEDIA_TYPES[format] === chosen) ?? fallback
}
