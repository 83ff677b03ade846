// What the server keeps of a session (GET /api/sessions/:id): its messages and whether a run is
// still going. Each mode's view reads the messages it made, so a reload or a reopened session
// shows what the server holds. A session this tab cannot read is forgotten (the token is stale).
import type { InferResponseType } from 'hono/client'
import { api, sessionParam } from './api-client'
import { clearSession } from './session'
import type { SessionCredentials } from './types'

const readSession = api.api.sessions[':id'].$get

/** The session as GET /api/sessions/:id describes it. */
export type SessionHistory = Pick<
  InferResponseType<typeof readSession, 200>,
  'messages' | 'running'
>
export type StoredMessage = SessionHistory['messages'][number]

export async function readSessionHistory(
  session: SessionCredentials,
): Promise<SessionHistory | null> {
  const res = await readSession(sessionParam(session), {
    headers: { authorization: `Bearer ${session.token}` },
  }).catch(() => null)
  if (!res) return null
  if (res.status === 401 || res.status === 403 || res.status === 404) {
    clearSession()
    return null
  }
  if (!res.ok) return null
  const body = await res.json()
  return { messages: body.messages, running: body.running }
}

/** The question a run answered: the user message with its run id, else the one before it. */
export function questionOf(messages: StoredMessage[], index: number): string {
  const runId = messages[index]?.data?.run_id
  const earlier = messages.slice(0, index).filter((m) => m.role === 'user')
  const own = runId ? earlier.find((m) => m.data?.run_id === runId) : undefined
  return (own ?? earlier.at(-1))?.content ?? ''
}
