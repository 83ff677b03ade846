// /api/debate/stream, /api/debate/ask, /api/debate/interrupt (seed 002 §1–2). A debate runs
// inside the session's Durable Object, whose run lock answers a second run with 409. Without
// a session_id a session is created, as /api/ask does: its id and token come back in the
// X-Quire-Session-* headers and in the final payload (the one ask-like sessionFor, so a new
// session counts against the client's session quota).
import { Hono, type Context } from 'hono'
import { sessionFor } from '../answer'
import {
  clientQuota,
  negotiateFormat,
  publicRateLimit,
  runToResponse,
  stopAuthorizedRun,
  validate,
  type AppEnv,
} from '../http'
import { acquireSlot, releaseSlot } from './slots'
import {
  debateRequestSchema,
  interruptRequestSchema,
  type DebateRequest,
  type DebateRunInput,
} from './schemas'

export const SESSION_ID_HEADER = 'X-Quire-Session-Id'
export const SESSION_TOKEN_HEADER = 'X-Quire-Session-Token'

async function startDebate(
  c: Context<AppEnv>,
  body: DebateRequest,
  stream: boolean,
): Promise<Response> {
  const { question, history, url, session_id } = body
  const session = await sessionFor(c, session_id)
  const slot = (await acquireSlot(c.get('deps'))) ?? undefined
  const input: DebateRunInput = { message: question, tools: [], history, url, slot }
  const giveBack = () => (slot ? releaseSlot(c.get('deps'), slot) : Promise.resolve())
  const start = await session.stub.startRun('debate', input).catch(async (error: unknown) => {
    await giveBack()
    throw error
  })
  if (!start.ok) await giveBack()
  c.header(SESSION_ID_HEADER, session.sessionId)
  if (session.token) c.header(SESSION_TOKEN_HEADER, session.token)
  // The stream route speaks SSE or (by default) text/plain; /ask answers JSON.
  const format = stream ? negotiateFormat(c, 'text', ['sse', 'text']) : 'json'
  const extra = {
    session_id: session.sessionId,
    ...(session.token ? { token: session.token } : {}),
  }
  return runToResponse(c, start, { format, extra })
}

export const debateRoutes = new Hono<AppEnv>()
  .post(
    '/stream',
    publicRateLimit(),
    validate('json', debateRequestSchema),
    clientQuota('run'),
    (c) => startDebate(c, c.req.valid('json'), true),
  )
  .post('/ask', publicRateLimit(), validate('json', debateRequestSchema), clientQuota('run'), (c) =>
    startDebate(c, c.req.valid('json'), false),
  )
  .post('/interrupt', validate('json', interruptRequestSchema), async (c) => {
    return c.json(await stopAuthorizedRun(c, c.req.valid('json').session_id))
  })
