// Opens a session for an MCP caller. Authorization carries the API key here, so the session
// token comes as a tool argument or X-Quire-Session-Token; the check is the same as /api's.
import type { Deps } from '../deps'
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../errors'
import { hashToken } from '../http'
import { openSession, type SessionStub } from '../session'

export async function authorizeSession(
  deps: Deps,
  sessionId: string,
  token: string | undefined,
): Promise<SessionStub> {
  if (!token) {
    throw new UnauthorizedError(
      'This session needs its token: the session_token argument or X-Quire-Session-Token',
    )
  }
  const stub = openSession(deps, sessionId)
  const verdict = await stub.authorize(await hashToken(token))
  if (verdict === 'missing') throw new NotFoundError('No such session')
  if (verdict === 'denied') throw new ForbiddenError('This token does not open this session')
  return stub
}
