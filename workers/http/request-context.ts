// The middleware every request passes first: its id, then Deps built from the bindings. An
// invalid configuration surfaces here as a 500 `config_invalid` naming the variable.
import type { MiddlewareHandler } from 'hono'
import { makeDeps } from '../deps'
import type { AppEnv } from './app-env'
import { requestId } from './request-id'

function provideDeps(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('deps', makeDeps(c.env))
    await next()
  }
}

export function requestContext(): MiddlewareHandler<AppEnv>[] {
  return [requestId(), provideDeps()]
}
