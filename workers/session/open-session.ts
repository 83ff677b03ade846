// Route-side access to a session: the typed DO stub, and the bearer-token check that guards
// a session's private state (missing token 401, wrong token 403, unknown session 404).
import type { Context } from 'hono'
import type { Deps } from '../deps'
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../errors'
import { hashToken, readBearerToken, type AppEnv } from '../http'
import type { SessionDO } from './session-do'

export type SessionStub = DurableObjectStub<SessionDO>

export function openSession(deps: Pick<Deps, 'sessions'>, sessionId: string): SessionStub {
  return deps.sessions.get(deps.sessions.idFromName(sessionId))
}

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
