// Per-IP rate limit for public routes through the PUBLIC_RATE_LIMIT binding. A broken or
// missing binding lets traffic through (logged): availability over strictness for this guard.
import type { MiddlewareHandler } from 'hono'
import { RateLimitedError } from '../errors'
import type { AppEnv } from './app-env'

const RETRY_AFTER_SECONDS = 60

async function isWithinLimit(limiter: RateLimit | undefined, key: string): Promise<boolean> {
  if (!limiter) return true
  try {
    return (await limiter.limit({ key })).success
  } catch (error) {
    console.warn(
      JSON.stringify({ level: 'warn', msg: 'rate limiter unavailable', error: String(error) }),
    )
    return true
  }
}

export function publicRateLimit(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header('CF-Connecting-IP') ?? 'local'
    if (!(await isWithinLimit(c.env.PUBLIC_RATE_LIMIT, key))) {
      throw new RateLimitedError('Too many requests; try again in a minute', RETRY_AFTER_SECONDS)
    }
    await next()
  }
}
