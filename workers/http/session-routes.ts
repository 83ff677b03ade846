// /api/sessions: create a session (its token is shown once), read it, stop its run, delete it.
import { Hono } from 'hono'
import { z } from 'zod'
import { openSession } from '../session'
import type { AppEnv } from './app-env'
import { clientQuota } from './client-quota'
import { publicRateLimit } from './rate-limit'
import { openAuthorizedSession, stopAuthorizedRun } from './session-access'
import { eraseSession } from './session-erase'
import { generateSessionToken, hashToken } from './session-token'
import { validate } from './validate'

export const sessionIdParamSchema = z.object({ id: z.uuid() })

export const sessionRoutes = new Hono<AppEnv>()
  .post('/', publicRateLimit(), clientQuota('session'), async (c) => {
    const sessionId = crypto.randomUUID()
    const token = generateSessionToken()
    await openSession(c.get('deps'), sessionId).create(await hashToken(token))
    return c.json({ session_id: sessionId, token }, 201)
  })
  .get('/:id', validate('param', sessionIdParamSchema), async (c) => {
    const stub = await openAuthorizedSession(c, c.req.valid('param').id)
    return c.json(await stub.describe())
  })
  .delete('/:id', validate('param', sessionIdParamSchema), async (c) => {
    return c.json(await eraseSession(c, c.req.valid('param').id))
  })
  .post('/:id/stop', validate('param', sessionIdParamSchema), async (c) => {
    return c.json(await stopAuthorizedRun(c, c.req.valid('param').id))
  })
