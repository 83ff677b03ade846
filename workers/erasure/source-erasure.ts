// Erasing one source (an upload, a loaded paper, a project file) from the index: the same kinds
// of data, in the same order, as a session's erasure, for those sources alone.
import type { Deps } from '../deps'
import { eraseCachedAnswers, eraseIndexRows, erasePostings, eraseVectors } from './index-erasure'

export type SourceErasureCounts = Record<string, number>

export async function eraseSources(
  deps: Pick<Deps, 'db' | 'vectors' | 'now'>,
  sourceIds: string[],
  signal?: AbortSignal,
): Promise<SourceErasureCounts> {
  if (sourceIds.length === 0) return { cached_answers: 0, vectors: 0, sources: 0 }
  const scope = { sourceIds }
  const cachedAnswers = await eraseCachedAnswers(deps, scope)
  const vectors = await eraseVectors(deps, scope, signal)
  const sources = await eraseIndexRows(deps, scope)
  await erasePostings(deps, signal)
  return { cached_answers: cachedAnswers, vectors, sources }
}
