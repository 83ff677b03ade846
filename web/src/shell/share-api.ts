// The share-link calls of the open session, with its token (through the typed client): list its
// links (live ones with their URL), make one, revoke one. Failures carry the server's message.
import type { InferResponseType } from 'hono/client'
import { api, pathParam, sessionParam } from '../api-client'
import { errorOf } from '../api'
import { findSession } from '../session-list'

const sessionApi = api.api.sessions[':id']

/** One link as GET /api/sessions/:id/shares lists it. */
export type ShareLink = InferResponseType<
  (typeof sessionApi)['shares']['$get'],
  200
>['shares'][number]

function authorized(sessionId: string) {
  const session = findSession(sessionId)
  if (!session) throw new Error('This browser has no key for this session, so it cannot share it.')
  return { session, headers: { authorization: `Bearer ${session.token}` } }
}

export async function listShares(sessionId: string): Promise<ShareLink[]> {
  const { session, headers } = authorized(sessionId)
  const res = await sessionApi.shares.$get(sessionParam(session), { headers })
  if (!res.ok) throw await errorOf(res)
  return (await res.json()).shares
}

export async function createShare(sessionId: string): Promise<string> {
  const { session, headers } = authorized(sessionId)
  const res = await sessionApi.share.$post(sessionParam(session), {
    headers: { ...headers, 'content-type': 'application/json' },
    init: { body: '{}' },
  })
  if (!res.ok) throw await errorOf(res)
  return (await res.json()).url
}

export async function revokeShare(sessionId: string, shareId: string): Promise<void> {
  const { session, headers } = authorized(sessionId)
  const res = await sessionApi.shares[':share_id'].$delete(
    { param: { id: pathParam(session.id), share_id: pathParam(shareId) } },
    { headers },
  )
  if (!res.ok) throw await errorOf(res)
}
