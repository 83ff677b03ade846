// CORS for the widget: origins in WIDGET_ORIGINS (and the app's own origin) are granted.
// Other origins' calls to /api/* are refused by widget-access.ts with a 403 before any work is
// done; they get the grant too, so the browser lets the widget read that refusal (its envelope
// says why) instead of a bare network error. Auth is by bearer token or API key, never
// cookies, so credentials stay off and the grant exposes nothing private.
import type { MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'
import type { AppEnv } from './app-env'

export function isAllowedOrigin(origin: string, requestUrl: string, allowlist: string[]): boolean {
  if (!origin) return false
  if (origin === new URL(requestUrl).origin) return true
  return allowlist.some((allowed) => allowed.replace(/\/+$/, '') === origin)
}

export function corsFromConfig(): MiddlewareHandler<AppEnv> {
  return cors({
    origin: (origin, c) => {
      const allowlist = c.get('deps').config.security.widgetOrigins
      if (isAllowedOrigin(origin, c.req.url, allowlist)) return origin
      return origin && c.req.path.startsWith('/api/') ? origin : null
    },
    allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowHeaders: [
      'Content-Type',
      'Authorization',
      'X-API-Key',
      'X-Request-Id',
      'Accept',
      'X-Quire-Widget-Key',
    ],
    // The widget learns its new session from the ask's X-Quire-Session-* headers.
    exposeHeaders: [
      'X-Request-Id',
      'Retry-After',
      'X-Quire-Auth',
      'X-Quire-Session-Id',
      'X-Quire-Session-Token',
    ],
    maxAge: 600,
  }) as MiddlewareHandler<AppEnv>
}
