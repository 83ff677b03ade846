// GET /widget.js: the embeddable widget from the static assets, with headers for embedding on
// other sites: cacheable (short, revalidated: the URL is not versioned), loadable cross-origin,
// never sniffed. ETag revalidation passes through to the assets server.
import { Hono } from 'hono'
import { NotFoundError } from '../errors'
import type { AppEnv } from '../http'

export const WIDGET_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=86400'

export const widgetRoutes = new Hono<AppEnv>().get('/widget.js', async (c) => {
  const conditional = new Headers()
  const etag = c.req.header('If-None-Match')
  if (etag) conditional.set('If-None-Match', etag)
  const asset = await c.env.ASSETS.fetch(
    new Request(new URL('/widget.js', c.req.url), { headers: conditional }),
  )
  if (asset.status !== 200 && asset.status !== 304) {
    throw new NotFoundError('The widget is not built (npm run build)')
  }
  const headers = new Headers(asset.headers)
  headers.set('Content-Type', 'text/javascript; charset=utf-8')
  headers.set('Cache-Control', WIDGET_CACHE_CONTROL)
  headers.set('Cross-Origin-Resource-Policy', 'cross-origin')
  headers.set('Access-Control-Allow-Origin', '*')
  headers.set('X-Content-Type-Options', 'nosniff')
  headers.delete('Set-Cookie')
  return new Response(asset.status === 304 ? null : asset.body, { status: asset.status, headers })
})
