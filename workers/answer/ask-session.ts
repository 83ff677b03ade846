// The session an ask-like request runs in: the caller's (its bearer token checked), or, without
// a session_id, a new one whose token is handed back once (counted as the client's session
// creation, as POST /api/sessions is: a new session is no way around the client's quotas).
import type { Context } from 'hono'
import {
  chargeClient,
  generateSessionToken,
  hashToken,
  openAuthorizedSession,
  refundClient,
  type AppEnv,
} from '../http'
import { openSession, type SessionStub } from '../session'

export interface OpenedSession {
  stub: SessionStub
  sessionId: string
  /** Only for a session this request created. */
  token?: string
}

async function newSession(c: Context<AppEnv>): Promise<OpenedSession> {
  const sessionId = crypto.randomUUID()
  const token = generateSessionToken()
  const stub = openSession(c.get('deps'), sessionId)
  const charged = await chargeClient(c, 'session')
  await stub.create(await hashToken(token)).catch(async (error: unknown) => {
    await refundClient(c, charged)
    throw error
  })
  return { stub, sessionId, token }
}

export async function sessionFor(
  c: Context<AppEnv>,
  sessionId: string | undefined,
): Promise<OpenedSession> {
  if (!sessionId) return newSession(c)
  return { stub: await openAuthorizedSession(c, sessionId), sessionId }
}
