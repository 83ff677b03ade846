// The typed stub of a session's Durable Object. Who may open it is the HTTP layer's concern
// (http/session-access.ts); the session itself knows nothing of requests.
import type { Deps } from '../deps'
import type { SessionDO } from './session-do'

export type SessionStub = DurableObjectStub<SessionDO>

export function openSession(deps: Pick<Deps, 'sessions'>, sessionId: string): SessionStub {
  return deps.sessions.get(deps.sessions.idFromName(sessionId))
}
