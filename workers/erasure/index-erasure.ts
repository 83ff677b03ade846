// Erasing index rows, one kind of data per function so each is an erasure step of its own:
// cached answers listing the sources (first: they are found through the sources' rows), the
// vectors (D1 store and Vectorize), the rows, then the term postings' purge. Each is idempotent.
import { CACHE_TTL_MS } from '../answer'
import {
  chunkIdsInScope,
  deleteIndexRows,
  purgeAnswerCache,
  sourceIdsInScope,
  type IndexRowScope,
} from '../db'
import type { Deps } from '../deps'
import { purgeDeletedPostings } from '../retrieval'

type IndexDeps = Pick<Deps, 'db' | 'vectors' | 'now'>

/** Vector ids per deleteByIds call: bounds one call's work (the adapters batch further). */
const VECTOR_IDS_PER_CALL = 1000

export async function eraseCachedAnswers(deps: IndexDeps, scope: IndexRowScope): Promise<number> {
  const sourceIds = await sourceIdsInScope(deps.db, scope)
  const listed = 'sourceIds' in scope ? [...new Set([...sourceIds, ...scope.sourceIds])] : sourceIds
  return purgeAnswerCache(deps.db, listed, deps.now() - CACHE_TTL_MS)
}

export async function eraseVectors(
  deps: IndexDeps,
  scope: IndexRowScope,
  signal?: AbortSignal,
): Promise<number> {
  const ids = await chunkIdsInScope(deps.db, scope)
  for (let i = 0; i < ids.length; i += VECTOR_IDS_PER_CALL) {
    await deps.vectors.deleteByIds(ids.slice(i, i + VECTOR_IDS_PER_CALL), signal)
  }
  return ids.length
}

export function eraseIndexRows(deps: IndexDeps, scope: IndexRowScope): Promise<number> {
  return deleteIndexRows(deps.db, scope)
}

/** Rewrites the postings blocks that held deleted chunks; returns the rounds it took. */
export function erasePostings(deps: IndexDeps, signal?: AbortSignal): Promise<number> {
  return purgeDeletedPostings(deps.db, signal)
}
