// GET /health (/openapi.json is mounted in workers/app.ts: it documents every capability).
import { Hono } from 'hono'
import type { AppEnv } from './app-env'
import { describeCorpus } from './corpus-status'
import { describeHealth } from './health'
import { runHealthChecks, withinDeadline } from './health-checks'

export const systemRoutes = new Hono<AppEnv>().get('/health', async (c) => {
  const deps = c.get('deps')
  const targets = {
    config: deps.config,
    db: deps.db,
    queue: deps.ingestQueue,
    bucket: deps.papersPdf,
    ai: c.env.AI,
  }
  // A D1 failure shows in checks.d1 (and the status); the corpus part is then null. Counts
  // cover the shared namespaces /api/ask reads, so a tenant's private upload never moves them.
  const [checks, corpus] = await Promise.all([
    runHealthChecks(targets, deps.now()),
    withinDeadline(describeCorpus(deps.db, deps.config.knowledge.askNamespaces, deps.now())).catch(
      () => null,
    ),
  ])
  return c.json({ ...describeHealth(deps.config, checks, deps.now()), corpus })
})
