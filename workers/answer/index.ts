// STUB (answer helper replaces)
import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env'
export const answerRoutes = new Hono<AppEnv>()
export const openAiRoutes = new Hono<AppEnv>()
