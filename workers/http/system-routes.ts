// GET /health (/openapi.json is mounted in workers/app.ts: it documents every capability).
import { Hono } from 'hono'
import { corpusStats } from '../db'
import type { AppEnv } from './app-env'
import { describeHealth } from './health'

export const systemRoutes = new Hono<AppEnv>().get('/health', async (c) => {
  const deps = c.get('deps')
  // Counts tell an operator (and `npm start`) whether the corpus is seeded; a D1 hiccup
  // must not turn the health check red, so it reports null instead.
  const corpus = await corpusStats(deps.db).catch(() => null)
  return c.json({ ...describeHealth(deps.config, deps.now()), corpus })
})
