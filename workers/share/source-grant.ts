// What a share link lets its viewer read beyond the transcript: the session's private sources
// that the transcript cites (GET /api/sources/:id?share=<token>, MCP get_source), nothing else.
import type { Deps } from '../deps'
import { callOperation } from '../http'
import { openSession } from '../session'
import { shareOperations } from './operations'
import { verifyShareToken } from './signing'

/** True when `token` is a live share link of `sessionId` whose transcript cites `sourceId`. */
export async function shareGrantsSource(
  deps: Deps,
  token: string,
  cited: { sessionId: string; sourceId: string },
): Promise<boolean> {
  const secret = deps.config.security.shareSecret
  const claims = secret ? await verifyShareToken(secret, token) : null
  if (!claims || claims.s !== cited.sessionId) return false
  if (claims.e !== null && claims.e <= deps.now()) return false
  const stub = openSession(deps, claims.s)
  return callOperation(stub, shareOperations.cites, {
    share_id: claims.i,
    source_id: cited.sourceId,
  }).catch(() => false)
}
