// Request ids: honour a sane incoming X-Request-Id (so callers can correlate logs), else mint
// a UUID; echo it on every response, errors and 404s included.
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from './app-env'

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/

export function pickRequestId(incoming: string | undefined): string {
  return incoming && SANE_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID()
}

export function requestId(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = pickRequestId(c.req.header('X-Request-Id'))
    c.set('requestId', id)
    c.header('X-Request-Id', id)
    await next()
    c.header('X-Request-Id', id)
  }
}
