// A small app wired like workers/app.ts (same middleware, same envelope) with probe routes,
// for behaviours the real routes do not expose directly.
import { Hono } from 'hono'
import { z } from 'zod'
import { RateLimitedError } from '../../workers/errors'
import {
  authNote,
  corsFromConfig,
  createNotFoundHandler,
  errorHandler,
  publicRateLimit,
  requestContext,
  requireApiKey,
  routeBodyLimit,
  validate,
  type AppEnv,
} from '../../workers/http'

export const probeBodySchema = z.object({ name: z.string().min(1), count: z.number().int() })

export function createProbeApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.use('*', ...requestContext())
  app.use('*', corsFromConfig())
  app.use('/api/*', routeBodyLimit())
  app
    .post('/api/echo', validate('json', probeBodySchema), (c) => c.json(c.req.valid('json')))
    .get('/api/items/:n', validate('param', z.object({ n: z.coerce.number().int() })), (c) =>
      c.json({ n: c.req.valid('param').n }),
    )
    .get('/api/secret', requireApiKey(), (c) => c.json({ ok: true, ...authNote(c) }))
    .get('/api/public', publicRateLimit(), (c) => c.json({ ok: true }))
    .post('/api/public', publicRateLimit(), (c) => c.json({ ok: true }))
    .get('/api/boom', () => {
      throw new Error('database password is hunter2')
    })
    .get('/api/slow-down', () => {
      throw new RateLimitedError('slow down', 42)
    })
  app.notFound(createNotFoundHandler(app))
  app.onError(errorHandler)
  return app
}

/** The bindings with some vars replaced (a fresh object, so config and deps are rebuilt). */
export function envWith(base: Env, overrides: Record<string, string>): Env {
  return { ...base, ...overrides } as Env
}

export interface EnvelopeBody {
  error: { code: string; message: string; details?: unknown; request_id: string }
}
