// CORS for the widget: only origins in WIDGET_ORIGINS (and the app's own origin) are allowed
// (widget-access.ts refuses the others' API calls outright).
// Auth is by bearer token or API key, never cookies, so credentials stay off.
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
      return isAllowedOrigin(origin, c.req.url, allowlist) ? origin : null
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
