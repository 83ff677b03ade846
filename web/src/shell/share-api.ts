// The share-link calls of the open session, with its token: list its links (live ones with
// their URL), make one, revoke one. Failures carry the server's message.
import { errorOf } from '../api'
import { findSession } from '../session-list'

export interface ShareLink {
  share_id: string
  created_at: number
  expires_at: number | null
  revoked_at: number | null
  active: boolean
  url: string | null
}

function authorized(sessionId: string): { base: string; headers: Record<string, string> } {
  const session = findSession(sessionId)
  if (!session) throw new Error('This browser has no key for this session, so it cannot share it.')
  return {
    base: `/api/sessions/${encodeURIComponent(session.id)}`,
    headers: { authorization: `Bearer ${session.token}` },
  }
}

export async function listShares(sessionId: string): Promise<ShareLink[]> {
  const { base, headers } = authorized(sessionId)
  const res = await fetch(`${base}/shares`, { headers })
  if (!res.ok) throw await errorOf(res)
  return ((await res.json()) as { shares: ShareLink[] }).shares
}

export async function createShare(sessionId: string): Promise<string> {
  const { base, headers } = authorized(sessionId)
  const res = await fetch(`${base}/share`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: '{}',
  })
  if (!res.ok) throw await errorOf(res)
  return ((await res.json()) as { url: string }).url
}

export async function revokeShare(sessionId: string, shareId: string): Promise<void> {
  const { base, headers } = authorized(sessionId)
  const res = await fetch(`${base}/shares/${encodeURIComponent(shareId)}`, {
    method: 'DELETE',
    headers,
  })
  if (!res.ok) throw await errorOf(res)
}
