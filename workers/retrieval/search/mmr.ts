// Paper-aware maximal marginal relevance (seed 004): picks chunks one at a time by
// lambda * relevance - (1 - lambda) * max similarity to what is already picked, where two
// chunks of the same paper have similarity 1.0 and chunks of different papers 0.3.

export const SAME_PAPER_SIMILARITY = 1.0
export const OTHER_PAPER_SIMILARITY = 0.3

export interface MmrItem {
  paperKey: string
  score: number
}

/** Relevance in [0, 1]: scores over the best score (rank-based when scores are not positive). */
function relevances(items: readonly MmrItem[]): number[] {
  const best = Math.max(...items.map((i) => i.score))
  if (best > 0) return items.map((i) => Math.max(0, i.score) / best)
  return items.map((_, index) => 1 - index / items.length)
}

export function paperAwareMmr<T extends MmrItem>(
  items: readonly T[],
  topN: number,
  lambda: number,
): T[] {
  if (items.length === 0 || topN <= 0) return []
  const relevance = relevances(items)
  const remaining = items.map((_, i) => i)
  const chosen: number[] = []
  const papers = new Set<string>()
  while (chosen.length < topN && remaining.length > 0) {
    let bestAt = 0
    let bestScore = -Infinity
    remaining.forEach((index, at) => {
      const item = items[index] as T
      const similarity =
        chosen.length === 0
          ? 0
          : papers.has(item.paperKey)
            ? SAME_PAPER_SIMILARITY
            : OTHER_PAPER_SIMILARITY
      const score = lambda * (relevance[index] ?? 0) - (1 - lambda) * similarity
      if (score > bestScore) [bestAt, bestScore] = [at, score]
    })
    const [picked] = remaining.splice(bestAt, 1)
    if (picked === undefined) break
    chosen.push(picked)
    papers.add((items[picked] as T).paperKey)
  }
  return chosen.map((index) => items[index] as T)
}
