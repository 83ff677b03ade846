// The bearer-token check that guards a session's private state: missing token 401, wrong
// token 403, unknown session 404. Only the token's hash crosses into the session object.
import type { Context } from 'hono'
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../errors'
import { openSession, type AuthorizeResult, type SessionStub } from '../session'
import type { AppEnv } from './app-env'
import { hashToken, readBearerToken } from './session-token'

async function requestTokenHash(c: Context<AppEnv>): Promise<string> {
  const token = readBearerToken(c)
  if (!token)
    throw new UnauthorizedError('This session needs its token: Authorization: Bearer <token>')
  return hashToken(token)
}

function throwRefusal(verdict: AuthorizeResult): void {
  if (verdict === 'missing') throw new NotFoundError('No such session')
  if (verdict === 'denied') throw new ForbiddenError('This token does not open this session')
}

/** The stub of a session the request's bearer token opens; throws the matching AppError. */
export async function openAuthorizedSession(
  c: Context<AppEnv>,
  sessionId: string,
): Promise<SessionStub> {
  const tokenHash = await requestTokenHash(c)
  const stub = openSession(c.get('deps'), sessionId)
  throwRefusal(await stub.authorize(tokenHash))
  return stub
}

/**
 * Stops the session's run if the bearer token opens it, in one call to the session object
 * (a stop is answered at once: no second round trip, no write before it).
 */
export async function stopAuthorizedRun(
  c: Context<AppEnv>,
  sessionId: string,
): Promise<{ stopped: boolean }> {
  const tokenHash = await requestTokenHash(c)
  const result = await openSession(c.get('deps'), sessionId).stopWithToken(tokenHash)
  if ('refused' in result) throwRefusal(result.refused)
  return { stopped: 'stopped' in result && result.stopped }
}
