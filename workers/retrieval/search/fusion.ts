// Weighted reciprocal rank fusion: each ranked list adds weight / (k + rank) to its items.
// Rank-based, so BM25 scores and cosine similarities never need a common scale.

export interface RankedList {
  /** Which retriever produced it, e.g. 'bm25', 'vector', 'bm25:variation'. */
  name: string
  weight: number
  /** Chunk ids, best first. */
  ids: number[]
}

export interface Fused {
  id: number
  score: number
}

/** 60 is the constant of Cormack et al. (2009); smaller values favour each list's top ranks. */
export const DEFAULT_RRF_K = 60

export function fuseRankings(lists: readonly RankedList[], k = DEFAULT_RRF_K): Fused[] {
  const scores = new Map<number, number>()
  for (const list of lists) {
    if (list.weight <= 0) continue
    list.ids.forEach((id, index) => {
      scores.set(id, (scores.get(id) ?? 0) + list.weight / (k + index + 1))
    })
  }
  return [...scores]
    .map(([id, score]) => ({ id, score }))
    .sort((a, b) => b.score - a.score || a.id - b.id)
}
