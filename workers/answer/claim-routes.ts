// POST /api/claims/check: is the claim supported, contradicted, mixed, or not settled by the
// library, with each source's stance and the sentences that say so. Sessions, streaming and
// limits as /api/ask: it runs in the session's Durable Object (created when none is given).
import { Hono } from 'hono'
import { publicRateLimit, runToResponse, validate, type AppEnv } from '../http'
import { sessionFor } from './ask-session'
import { claimCheckRequestSchema, type ClaimRunInput } from './claim-schemas'
import { SESSION_ID_HEADER, SESSION_TOKEN_HEADER } from './routes'

export const CLAIM_CHECK_RUN = 'claim-check'

export const claimRoutes = new Hono<AppEnv>().post(
  '/check',
  publicRateLimit(),
  validate('json', claimCheckRequestSchema),
  async (c) => {
    const { claim, options, session_id } = c.req.valid('json')
    const session = await sessionFor(c, session_id)
    const input: ClaimRunInput = { claim, options }
    const start = await session.stub.startRun(CLAIM_CHECK_RUN, input)
    c.header(SESSION_ID_HEADER, session.sessionId)
    if (session.token) c.header(SESSION_TOKEN_HEADER, session.token)
    return runToResponse(c, start, { extra: session.token ? { token: session.token } : undefined })
  },
)
