// STUB (turn helper replaces)
import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env'
export const turnRoutes = new Hono<AppEnv>()
