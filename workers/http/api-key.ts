// requireApiKey(): ingest, /v1 and MCP take a key from QUIRE_API_KEYS as `Authorization: Bearer`
// or `X-API-Key`. With no key configured the route is open (and says so) only for local
// development or when QUIRE_OPEN_ACCESS=true; a deployment without keys refuses instead.
import type { Context, MiddlewareHandler } from 'hono'
import { ConfigError, UnauthorizedError } from '../errors'
import type { AppEnv } from './app-env'
import { matchesAny } from './constant-time'
import { isLocalRequest } from './local-request'
import { hashToken, readBearerToken } from './session-token'

export const OPEN_AUTH_HEADER = 'X-Quire-Auth'

function presentedKey(c: Context): string | undefined {
  return c.req.header('X-API-Key')?.trim() || readBearerToken(c)
}

/** Without keys: open locally or by the operator's explicit choice, refused otherwise. */
function allowOpen(c: Context<AppEnv>): void {
  if (c.get('deps').config.security.openAccess || isLocalRequest(c.req.url)) return
  throw new ConfigError([
    {
      variable: 'QUIRE_API_KEYS',
      message:
        'required when Quire runs deployed (set QUIRE_OPEN_ACCESS=true to leave ingestion, /v1 and MCP open to anyone)',
    },
  ])
}

export function requireApiKey(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const keys = c.get('deps').config.security.apiKeys
    if (keys.length === 0) {
      allowOpen(c)
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
      note: 'No QUIRE_API_KEYS configured: this route is open to anyone (local development, or QUIRE_OPEN_ACCESS=true).',
    },
  }
}

/**
 * The API key this request proved it holds: the one requireApiKey() accepted, or on other
 * routes (where Authorization carries a session token) a configured key in X-API-Key.
 */
export async function verifiedApiKey(c: Context<AppEnv>): Promise<string | undefined> {
  if (c.get('apiAuth') === 'api_key') return presentedKey(c)
  const keys = c.get('deps').config.security.apiKeys
  const key = c.req.header('X-API-Key')?.trim()
  return key && keys.length > 0 && (await matchesAny(key, keys)) ? key : undefined
}

/** Who owns what this request stores: the SHA-256 of its API key, or 'open' without keys. */
export async function apiKeyOwner(c: Context<AppEnv>): Promise<string> {
  const key = c.get('apiAuth') === 'api_key' ? presentedKey(c) : undefined
  return key ? hashToken(key) : 'open'
}
