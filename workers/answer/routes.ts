// /api/ask and /api/progress/:session. An ask runs inside the session's Durable Object (which
// keeps its history and progress); without a session_id a session is created and its token
// returned once: in the JSON body and, for streams, in the X-Quire-Session-* headers.
import { Hono } from 'hono'
import { z } from 'zod'
import {
  openAuthorizedSession,
  publicRateLimit,
  readBearerToken,
  runToResponse,
  validate,
  type AppEnv,
} from '../http'
import { NotFoundError } from '../errors'
import { sessionFor } from './ask-session'
import { askRequestSchema, type AskRunInput } from './schemas'
import { readSourceFor } from './source-access'
import { renderSourcePage } from './source-page'

export const SESSION_ID_HEADER = 'X-Quire-Session-Id'
export const SESSION_TOKEN_HEADER = 'X-Quire-Session-Token'
/** A share link's token, for the private sources its transcript cites (or `?share=`). */
export const SHARE_TOKEN_HEADER = 'X-Quire-Share-Token'

const progressParamSchema = z.object({ session: z.uuid() })
const sourceParamSchema = z.object({ id: z.string().min(1).max(200) })

export const answerRoutes = new Hono<AppEnv>()
  .post('/ask', publicRateLimit(), validate('json', askRequestSchema), async (c) => {
    const { query, session_id, ...options } = c.req.valid('json')
    const session = await sessionFor(c, session_id)
    const input: AskRunInput = { query, options }
    const start = await session.stub.startRun('ask', input)
    c.header(SESSION_ID_HEADER, session.sessionId)
    if (session.token) c.header(SESSION_TOKEN_HEADER, session.token)
    return runToResponse(c, start, { extra: session.token ? { token: session.token } : undefined })
  })
  .get('/progress/:session', validate('param', progressParamSchema), async (c) => {
    const stub = await openAuthorizedSession(c, c.req.valid('param').session)
    return c.json({ events: await stub.progress() })
  })
  // Where citations of knowledge-base sources without a web page of their own link to. A
  // session's private source needs its token (Bearer) or a share link citing it (?share=).
  .get('/sources/:id', publicRateLimit(), validate('param', sourceParamSchema), async (c) => {
    const found = await readSourceFor(c.get('deps'), c.req.valid('param').id, {
      sessionToken: readBearerToken(c),
      shareToken: c.req.query('share') ?? c.req.header(SHARE_TOKEN_HEADER),
    })
    if (!found) throw new NotFoundError('No such source')
    if (found.isPrivate) {
      c.header('Cache-Control', 'private, no-store')
      c.header('X-Robots-Tag', 'noindex')
    }
    const wantsHtml = (c.req.header('Accept') ?? '').includes('text/html')
    return wantsHtml ? c.html(renderSourcePage(found.view)) : c.json(found.view)
  })
