// The API's cross-origin policy for the embeddable widget. A browser call to /api/* from an
// origin outside WIDGET_ORIGINS is refused outright (403), not only left without a CORS grant;
// a widget public key (X-Quire-Widget-Key, from WIDGET_PUBLIC_KEYS) can only ask.
import type { Context, MiddlewareHandler } from 'hono'
import { ForbiddenError, UnauthorizedError } from '../errors'
import type { AppEnv } from './app-env'
import { matchesAny } from './constant-time'
import { isAllowedOrigin } from './cors'

export const WIDGET_KEY_HEADER = 'X-Quire-Widget-Key'

/** The app's own pages: same origin by URL, by Host (behind a proxy) or by the browser's word. */
function isSameOrigin(c: Context<AppEnv>, origin: string): boolean {
  if (c.req.header('Sec-Fetch-Site') === 'same-origin') return true
  if (origin === new URL(c.req.url).origin) return true
  try {
    return new URL(origin).host === c.req.header('Host')
  } catch {
    return false
  }
}

const isAsk = (c: Context<AppEnv>) => c.req.method === 'POST' && c.req.path === '/api/ask'

export function widgetAccess(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { widgetOrigins, widgetPublicKeys } = c.get('deps').config.security
    const origin = c.req.header('Origin')
    const crossOrigin = Boolean(origin) && !isSameOrigin(c, origin ?? '')
    if (crossOrigin && !isAllowedOrigin(origin ?? '', c.req.url, widgetOrigins)) {
      // The widget reads `details.reason` to tell its reader this site is not allowed.
      throw new ForbiddenError(
        `This site (${origin}) may not use this Quire server: it is not in WIDGET_ORIGINS`,
        { details: { reason: 'origin_not_allowed', origin } },
      )
    }
    const key = c.req.header(WIDGET_KEY_HEADER)?.trim()
    if (key) {
      if (!(await matchesAny(key, widgetPublicKeys)))
        throw new UnauthorizedError('Invalid widget key')
      // The key is public (it sits in the host page): it opens nothing but asking.
      if (!isAsk(c)) throw new ForbiddenError('A widget key can only ask questions')
    } else if (crossOrigin && widgetPublicKeys.length > 0 && isAsk(c)) {
      throw new UnauthorizedError('Cross-origin asks need a widget key (data-key) here')
    }
    await next()
  }
}
