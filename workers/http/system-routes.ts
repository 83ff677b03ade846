// GET /health (/openapi.json is mounted in workers/app.ts: it documents every capability).
import { Hono } from 'hono'
import type { AppEnv } from './app-env'
import { describeCorpus } from './corpus-status'
import { describeHealth } from './health'

export const systemRoutes = new Hono<AppEnv>().get('/health', async (c) => {
  const deps = c.get('deps')
  // The corpus state tells an operator, `npm start` and the page whether the demo corpus is
  // seeded; a D1 hiccup must not turn the health check red, so it reports null instead.
  const corpus = await describeCorpus(deps.db, deps.now()).catch(() => null)
  return c.json({ ...describeHealth(deps.config, deps.now()), corpus })
})
