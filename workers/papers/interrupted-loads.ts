// A paper load cut off by a crash stays `loading` with part of its chunks stored. On the
// session's next papers read, a load older than LOAD_DEADLINE_MS is settled: its partial
// chunks removed from the index first (vectors, chunks, FTS5, postings), then the paper marked
// failed as interrupted, so it can be loaded (or uploaded) again. Idempotent: a crash between
// the two steps leaves it `loading`, and the next read settles it again.
import { deleteDocumentsStatements, existingSourceIds, replacedDocuments } from '../db'
import type { Deps } from '../deps'
import { callOperation } from '../http'
import type { SessionStub } from '../session'
import { paperNamespace } from './namespace'
import { paperOperations } from './operations'
import type { PaperRecord } from './paper-store'

/** Past the queue's longest retry (5 min backoff) plus a load's own deadline, with margin. */
export const LOAD_DEADLINE_MS = 15 * 60_000

export const INTERRUPTED_REASON = 'interrupted: the load stopped before it finished; load it again'

/** The source key a paper's load indexes under (load.ts sourceOf). */
function sourceKeyOf(sessionId: string, paper: PaperRecord) {
  return {
    namespace: paperNamespace(sessionId),
    kind: paper.arxiv_id ? 'arxiv' : 'pdf',
    externalId: paper.arxiv_id ?? paper.id,
  }
}

async function removePartialChunks(deps: Deps, sessionId: string, papers: PaperRecord[]) {
  const ids = await existingSourceIds(
    deps.db,
    papers.map((p) => sourceKeyOf(sessionId, p)),
  )
  if (ids.size === 0) return
  const stale = await replacedDocuments(
    deps.db,
    new Map([...ids.values()].map((id) => [id, new Set()])),
  )
  await deps.vectors.deleteByIds(stale.chunkIds.map(String))
  const statements = deleteDocumentsStatements(deps.db, stale.documentIds)
  if (statements.length > 0) await deps.db.batch(statements)
}

/** Settles the session's interrupted loads; returns the papers marked interrupted. */
export async function settleInterruptedLoads(
  deps: Deps,
  stub: SessionStub,
  sessionId: string,
): Promise<PaperRecord[]> {
  const stale = await callOperation(stub, paperOperations.stale, {
    older_than_ms: LOAD_DEADLINE_MS,
  })
  if (stale.length === 0) return []
  await removePartialChunks(deps, sessionId, stale)
  const settled: PaperRecord[] = []
  for (const paper of stale) {
    const failed = { ...paper, status: 'failed' as const, pages: 0, error: INTERRUPTED_REASON }
    settled.push(await callOperation(stub, paperOperations.put, failed))
  }
  return settled
}
