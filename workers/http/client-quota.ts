// clientQuota(kind): counts a request against its client's allowance for the current fixed
// window (CLIENT_QUOTA_WINDOW_MINUTES), across every session the client opens; past the limit
// it answers 429 with Retry-After = seconds to the window's end. The unit is taken before the
// route runs (one atomic UPSERT, so concurrent requests never overshoot) and given back when the
// route fails (an error, or any status >= 400): a search that did not run costs nothing. A run
// that started streaming has done its work, so its unit stays spent even if it ends in error.
import type { Context, MiddlewareHandler } from 'hono'
import type { ClientQuotaKind } from '../config'
import { chargeClientQuota, refundClientQuota } from '../db'
import { RateLimitedError } from '../errors'
import type { AppEnv } from './app-env'
import { identifyClient } from './client-identity'

const WHAT: Record<ClientQuotaKind, string> = {
  search: 'paper searches',
  run: 'model-backed runs',
  upload: 'uploads',
  session: 'new sessions',
}

interface Charged {
  clientHash: string
  kind: ClientQuotaKind
  windowStart: number
}

/** Takes one unit of `kind` for this request's client; null when the kind is unlimited. */
export async function chargeClient(
  c: Context<AppEnv>,
  kind: ClientQuotaKind,
): Promise<Charged | null> {
  const deps = c.get('deps')
  const { limits, windowMinutes } = deps.config.clientQuotas
  const limit = limits[kind]
  if (limit === 0) return null
  const windowMs = windowMinutes * 60_000
  const now = deps.now()
  const windowStart = now - (now % windowMs)
  const clientHash = await identifyClient(c)
  const count = await chargeClientQuota(deps.db, { clientHash, kind, windowStart, limit })
  if (count !== null) return { clientHash, kind, windowStart }
  const retryAfter = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000))
  throw new RateLimitedError(
    `This client has used its ${limit} ${WHAT[kind]} for this ${windowMinutes}-minute window; try again in ${retryAfter} s`,
    retryAfter,
    { details: { kind, limit, window_minutes: windowMinutes, retry_after_s: retryAfter } },
  )
}

export async function refundClient(c: Context<AppEnv>, charged: Charged | null): Promise<void> {
  if (!charged) return
  // A refund that fails leaves the unit spent: the client loses one use, nobody gains any.
  await refundClientQuota(c.get('deps').db, charged).catch(() => undefined)
}

/** The middleware carries its kind, so a test can find every counted route in app.routes. */
export type ClientQuotaMiddleware = MiddlewareHandler<AppEnv> & { clientQuotaKind: ClientQuotaKind }

export function clientQuota(kind: ClientQuotaKind): ClientQuotaMiddleware {
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const charged = await chargeClient(c, kind)
    await next()
    if (c.error || c.res.status >= 400) await refundClient(c, charged)
  }
  return Object.assign(middleware, { clientQuotaKind: kind })
}
