// POST /mcp: the MCP server over Streamable HTTP (the SDK's web-standard transport, stateless:
// a fresh transport and server per request). Same API keys as /v1, the public rate limit and
// the body cap; GET and DELETE get 405 (no standalone stream, no MCP sessions).
import { Hono, type Context } from 'hono'
import { SESSION_TOKEN_HEADER, SHARE_TOKEN_HEADER } from '../answer'
import {
  chargeClient,
  hashToken,
  publicRateLimit,
  readBearerToken,
  refundClient,
  requireApiKey,
  type AppEnv,
} from '../http'
import type { McpContext } from './context'

/** Cancels must match calls of the same caller: the key's hash, or the client IP when open. */
async function callerKey(c: Context<AppEnv>): Promise<string> {
  const key = c.req.header('X-API-Key')?.trim() || readBearerToken(c)
  if (c.get('apiAuth') === 'api_key' && key) return `key:${await hashToken(key)}`
  return `open:${c.req.header('CF-Connecting-IP') ?? 'local'}`
}

async function contextFor(c: Context<AppEnv>): Promise<McpContext> {
  const sessionToken = c.req.header(SESSION_TOKEN_HEADER)?.trim()
  const shareToken = c.req.header(SHARE_TOKEN_HEADER)?.trim()
  return {
    deps: c.get('deps'),
    callerKey: await callerKey(c),
    requestSignal: c.req.raw.signal,
    ...(sessionToken ? { sessionToken } : {}),
    ...(shareToken ? { shareToken } : {}),
    auth: c.get('apiAuth') === 'open' ? 'open' : 'api_key',
    chargeClient: async (kind) => {
      const charged = await chargeClient(c, kind)
      return () => refundClient(c, charged)
    },
  }
}

export const mcpRoutes = new Hono<AppEnv>()
  .use('*', requireApiKey(), publicRateLimit())
  .post('/', async (c) => {
    const context = await contextFor(c)
    const { serveMcp } = await import('./serve')
    return serveMcp(c.req.raw, context)
  })
