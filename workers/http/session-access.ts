// The bearer-token check that guards a session's private state: missing token 401, wrong
// token 403, unknown session 404. Only the token's hash crosses into the session object.
import type { Context } from 'hono'
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../errors'
import { openSession, type SessionStub } from '../session'
import type { AppEnv } from './app-env'
import { hashToken, readBearerToken } from './session-token'

/** The stub of a session the request's bearer token opens; throws the matching AppError. */
export async function openAuthorizedSession(
  c: Context<AppEnv>,
  sessionId: string,
): Promise<SessionStub> {
  const token = readBearerToken(c)
  if (!token)
    throw new UnauthorizedError('This session needs its token: Authorization: Bearer <token>')
  const stub = openSession(c.get('deps'), sessionId)
  const verdict = await stub.authorize(await hashToken(token))
  if (verdict === 'missing') throw new NotFoundError('No such session')
  if (verdict === 'denied') throw new ForbiddenError('This token does not open this session')
  return stub
}
