// requireApiKey(): ingest and /v1 take a key from QUIRE_API_KEYS as `Authorization: Bearer`
// or `X-API-Key`. With no key configured (local dev) the route is open and says so.
import type { Context, MiddlewareHandler } from 'hono'
import { UnauthorizedError } from '../errors'
import type { AppEnv } from './app-env'
import { matchesAny } from './constant-time'
import { readBearerToken } from './session-token'

export const OPEN_AUTH_HEADER = 'X-Quire-Auth'

function presentedKey(c: Context): string | undefined {
  return c.req.header('X-API-Key')?.trim() || readBearerToken(c)
}

export function requireApiKey(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const keys = c.get('deps').config.security.apiKeys
    if (keys.length === 0) {
      c.set('apiAuth', 'open')
      c.header(OPEN_AUTH_HEADER, 'open')
      await next()
      c.header(OPEN_AUTH_HEADER, 'open')
      return
    }
    const key = presentedKey(c)
    if (!key)
      throw new UnauthorizedError('An API key is required (Authorization: Bearer or X-API-Key)')
    if (!(await matchesAny(key, keys))) throw new UnauthorizedError('Invalid API key')
    c.set('apiAuth', 'api_key')
    await next()
  }
}

/** A JSON note for responses of open routes: `{...body, ...authNote(c)}`. */
export function authNote(c: Context<AppEnv>): { auth?: { mode: 'open'; note: string } } {
  if (c.get('apiAuth') !== 'open') return {}
  return {
    auth: {
      mode: 'open',
      note: 'No QUIRE_API_KEYS configured: this route is open (local dev only).',
    },
  }
}
