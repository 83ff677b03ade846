// The turn's routes under /api/sessions: POST /:id/messages runs a turn in the session object
// and relays its packets (SSE or text/plain per Accept) or returns the saved message as JSON;
// settings and files routes are mounted alongside.
import { Hono } from 'hono'
import { contextLimits, contextOperations } from '../context'
import { TooLargeError, ValidationError } from '../errors'
import {
  callOperation,
  clientQuota,
  openAuthorizedSession,
  runToResponse,
  sessionIdParamSchema,
  validate,
  type AppEnv,
} from '../http'
import type { SessionStub } from '../session'
import { fileRoutes } from './file-routes'
import { contextTokensOf } from './limits'
import { messageBodySchema } from './schemas'
import { settingsRoutes } from './settings-routes'

/** Attached files must exist, be message files, and fit the context together. */
async function checkAttachedFiles(stub: SessionStub, ids: string[], limit: number): Promise<void> {
  if (ids.length === 0) return
  const files = await callOperation(stub, contextOperations.files, {})
  const attached = ids.map((id) => files.find((file) => file.id === id && file.scope === 'message'))
  const missing = ids.filter((_, i) => !attached[i])
  if (missing.length > 0) throw new ValidationError('Unknown file ids', { details: { missing } })
  const tokens = attached.reduce((sum, file) => sum + (file?.tokens ?? 0), 0)
  if (tokens > limit) {
    throw new TooLargeError(`The attached files have ${tokens} tokens; at most ${limit} fit`, {
      details: { tokens, limit },
    })
  }
}

export const turnRoutes = new Hono<AppEnv>()
  .post(
    '/:id/messages',
    validate('param', sessionIdParamSchema),
    validate('json', messageBodySchema),
    clientQuota('run'),
    async (c) => {
      const stub = await openAuthorizedSession(c, c.req.valid('param').id)
      const input = c.req.valid('json')
      const limit = contextLimits(contextTokensOf(c.get('deps'))).file
      await checkAttachedFiles(stub, input.file_ids, limit)
      return runToResponse(c, await stub.startRun('turn', input))
    },
  )
  .route('/', settingsRoutes)
  .route('/', fileRoutes)
