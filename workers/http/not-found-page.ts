// The 404 a browser sees: a small HTML page instead of the JSON envelope, chosen by the Accept
// header (a browser's navigation asks for text/html first); API clients (JSON, `*/*`, none)
// keep the envelope. The page names the path, escaped, and links home and to the API document.
import type { Context } from 'hono'
import { accepts } from 'hono/accepts'
import { escapeUTF8 as escapeHtml } from 'entities/escape'

/** True when the client prefers HTML to JSON (q-values decide; `*` and no header mean JSON). */
export function prefersHtml(c: Context): boolean {
  const chosen = accepts(c, {
    header: 'Accept',
    supports: ['application/json', 'text/html'],
    default: 'application/json',
  })
  return chosen === 'text/html'
}

const STYLE =
  'body{font:16px/1.6 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1.25rem;color:#1d1f23;background:#fff}' +
  '@media (prefers-color-scheme:dark){body{color:#e6e6e6;background:#15171a}a{color:#8fb3ff}}' +
  'a{color:#2b59c3}code{overflow-wrap:anywhere}'

export function renderNotFoundPage(path: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Page not found · Quire</title><meta name="robots" content="noindex"><style>${STYLE}</style></head>
<body><main><h1>Page not found</h1>
<p>Quire has no page at <code>${escapeHtml(path)}</code>.</p>
<p><a href="/">Open Quire</a> · <a href="/openapi.json">API reference (OpenAPI)</a></p></main></body></html>`
}
