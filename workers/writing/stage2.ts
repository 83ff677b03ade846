// Stage 2 over HTTP: approving pending content places it (previewed, model or deterministic
// placement, merged by Quire) and saves a new document version; rejecting only marks it.
// The session's user messages since the content was first requested guide the placement.
import type { Deps } from '../deps'
import { AppError } from '../errors'
import { modeReport } from '../grounding'
import { callOperation } from '../http'
import type { SessionStub } from '../session'
import { readDocument, saveDocument } from './documents'
import { writingOperations } from './operations'
import type { PendingRecord } from './pending-store'
import { decidePlacement, type PlacementDecision } from './placement/decide'
import type { Placement } from './placement/types'

export interface ApproveRequest {
  sessionId: string
  pendingId: string
  given?: Placement
  baseVersion?: number
}

async function openPending(stub: SessionStub, id: string): Promise<PendingRecord> {
  const pending = await callOperation(stub, writingOperations.readPending, { id })
  if (pending.status !== 'pending_approval') {
    throw new AppError(409, 'conflict', `This content is already ${pending.status}`)
  }
  return pending
}

async function userMessagesSince(stub: SessionStub, since: number): Promise<string[]> {
  const { messages } = await stub.describe()
  return messages.filter((m) => m.role === 'user' && m.createdAt >= since).map((m) => m.content)
}

async function decide(
  deps: Deps,
  stub: SessionStub,
  request: ApproveRequest,
  signal?: AbortSignal,
) {
  const pending = await openPending(stub, request.pendingId)
  const document = await readDocument(deps.db, request.sessionId)
  const userMessages = await userMessagesSince(stub, pending.session_start)
  const stale = request.baseVersion !== undefined && request.baseVersion !== document.version
  const given = stale ? undefined : request.given
  const decision = await decidePlacement(
    {
      model: deps.models?.fast ?? null,
      markdown: document.markdown,
      content: pending.document_content,
      userMessages,
      embedder: deps.embedder,
      ...(given ? { given } : {}),
    },
    signal,
  )
  if (stale && request.given) decision.fallbacks.push('placement:document_changed')
  return { pending, document, decision }
}

function describe(decision: PlacementDecision, mode: 'online' | 'offline') {
  return { placement: decision.placement, ...modeReport(mode === 'online', decision.fallbacks) }
}

/** Where the content would go and what it would remove, without saving anything. */
export async function previewPlacement(
  deps: Deps,
  stub: SessionStub,
  request: ApproveRequest,
  signal?: AbortSignal,
) {
  const { pending, document, decision } = await decide(deps, stub, request, signal)
  return {
    ...describe(decision, deps.models ? 'online' : 'offline'),
    unsourced: pending.sources.length === 0,
    document: { markdown: decision.merge.markdown, base_version: document.version },
  }
}

export async function approveContent(
  deps: Deps,
  stub: SessionStub,
  request: ApproveRequest,
  signal?: AbortSignal,
) {
  const { pending, decision } = await decide(deps, stub, request, signal)
  const saved = await saveDocument(deps.db, {
    sessionId: request.sessionId,
    markdown: decision.merge.markdown,
    reason: 'placement',
    now: deps.now(),
  })
  await callOperation(stub, writingOperations.resolve, {
    id: request.pendingId,
    status: 'approved',
  })
  return {
    status: 'placed' as const,
    document: saved,
    /** Placed with no source behind it: the UI says so. */
    unsourced: pending.sources.length === 0,
    ...describe(decision, deps.models ? 'online' : 'offline'),
  }
}

export async function rejectContent(
  stub: SessionStub,
  request: { pendingId: string; reason?: string },
) {
  await callOperation(stub, writingOperations.resolve, {
    id: request.pendingId,
    status: 'rejected',
    ...(request.reason ? { reason: request.reason } : {}),
  })
  return { status: 'rejected' as const }
}
