// STUB (foundation helper replaces)
import { Hono, type Context, type ErrorHandler, type MiddlewareHandler } from 'hono'
import { makeDeps } from '../deps'
import type { AppEnv } from './app-env'
export type { AppEnv } from './app-env'
export function requestContext(): MiddlewareHandler<AppEnv>[] {
  return [async (c, next) => { c.set('requestId', crypto.randomUUID()); c.set('deps', makeDeps(c.env)); await next() }]
}
export const errorHandler: ErrorHandler<AppEnv> = (err, c) => c.json({ error: { code: 'internal', message: String(err), request_id: c.get('requestId') } }, 500)
export const notFoundHandler = (c: Context<AppEnv>) => c.json({ error: { code: 'not_found', message: 'Not found', request_id: c.get('requestId') } }, 404)
export const systemRoutes = new Hono<AppEnv>().get('/health', (c) => c.json({ status: 'ok', mode: c.get('deps').config.mode }))
