// What every MCP tool and resource handler gets from the HTTP request that carried it: the
// composition root's Deps, who is calling (for cancellations) and the request's own signal.
import type { ClientQuotaKind } from '../config'
import type { Deps } from '../deps'

/** Gives back a unit charged for work that then did not start. */
export type QuotaRefund = () => Promise<void>

export interface McpContext {
  deps: Deps
  /** The caller's identity for cancellations, which arrive as separate POSTs. */
  callerKey: string
  /** Aborts when the HTTP request does (the client went away). */
  requestSignal: AbortSignal
  /** X-Quire-Session-Token, for session resources (Authorization carries the API key). */
  sessionToken?: string
  /** X-Quire-Share-Token: a share link's token, for the private sources its transcript cites. */
  shareToken?: string
  /** 'open' when no QUIRE_API_KEYS is configured: results say so. */
  auth: 'open' | 'api_key'
  /** Counts one unit against the caller's client quota (429 past it), as the REST routes do. */
  chargeClient: (kind: ClientQuotaKind) => Promise<QuotaRefund>
}
