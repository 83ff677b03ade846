// STUB (foundation helper replaces)
import { DurableObject } from 'cloudflare:workers'
import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env'
export * from './run-types'
export class SessionDO extends DurableObject<Env> {
  async ping(): Promise<string> { return 'pong' }
}
export const sessionRoutes = new Hono<AppEnv>()
