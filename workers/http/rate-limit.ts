// Per-IP rate limit for public routes through the PUBLIC_RATE_LIMIT binding. Deployed without
// the binding is a configuration error naming it (an unlimited public API is not a default);
// locally (`npm start`, tests: a loopback URL) a missing binding lets traffic through.
// A limiter that throws at runtime: writes (POST and the like start runs, sessions and
// uploads, which cost model tokens and storage) fail closed with a short 429; reads (share
// pages, sources) stay open, so a limiter outage does not take readers offline. Both are logged.
import type { Context, MiddlewareHandler } from 'hono'
import { ConfigError, RateLimitedError } from '../errors'
import type { AppEnv } from './app-env'
import { isLocalRequest } from './local-request'

const RETRY_AFTER_SECONDS = 60
const LIMITER_DOWN_RETRY_SECONDS = 10

function requireLimiter(c: Context<AppEnv>): RateLimit | undefined {
  const limiter = c.env.PUBLIC_RATE_LIMIT
  if (limiter || isLocalRequest(c.req.url)) return limiter
  throw new ConfigError([
    { variable: 'PUBLIC_RATE_LIMIT', message: 'the rate-limit binding is required when deployed' },
  ])
}

const isRead = (method: string) => method === 'GET' || method === 'HEAD'

/** true/false from the limiter; null when it could not answer. */
async function askLimiter(limiter: RateLimit, key: string): Promise<boolean | null> {
  try {
    return (await limiter.limit({ key })).success
  } catch (error) {
    console.warn(
      JSON.stringify({ level: 'warn', msg: 'rate limiter unavailable', error: String(error) }),
    )
    return null
  }
}

export function publicRateLimit(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const limiter = requireLimiter(c)
    const key = c.req.header('CF-Connecting-IP') ?? 'local'
    const allowed = limiter ? await askLimiter(limiter, key) : true
    if (allowed === false) {
      throw new RateLimitedError('Too many requests; try again in a minute', RETRY_AFTER_SECONDS)
    }
    if (allowed === null && !isRead(c.req.method)) {
      throw new RateLimitedError(
        'The rate limiter is unavailable; try again shortly',
        LIMITER_DOWN_RETRY_SECONDS,
        { details: { reason: 'limiter_unavailable' } },
      )
    }
    await next()
  }
}
