// The k best of many scored ids, without sorting them all: a bounded min-heap, where most ids
// are turned away by one comparison with the weakest kept.

/** Whether (score a, id a) ranks below (score b, id b): lower score, or the higher id on a tie. */
const below = (sa: number, ia: number, sb: number, ib: number) => sa < sb || (sa === sb && ia > ib)

/** The `k` ids with the highest scores, best first; ties go to the lower id. */
export function topScored(ids: readonly number[], scores: ArrayLike<number>, k: number): number[] {
  if (k <= 0) return []
  const heap: number[] = []
  const score = (id: number) => scores[id] ?? 0
  const sink = (start: number) => {
    let i = start
    for (;;) {
      const left = 2 * i + 1
      const right = left + 1
      let least = i
      for (const child of [left, right]) {
        const c = heap[child]
        const l = heap[least]
        if (c !== undefined && l !== undefined && below(score(c), c, score(l), l)) least = child
      }
      if (least === i) return
      ;[heap[i], heap[least]] = [heap[least] as number, heap[i] as number]
      i = least
    }
  }
  for (const id of ids) {
    if (heap.length < k) {
      heap.push(id)
      let i = heap.length - 1
      while (i > 0) {
        const parent = (i - 1) >> 1
        const p = heap[parent] as number
        if (!below(score(id), id, score(p), p)) break
        heap[i] = p
        heap[parent] = id
        i = parent
      }
      continue
    }
    const weakest = heap[0] as number
    if (!below(score(weakest), weakest, score(id), id)) continue
    heap[0] = id
    sink(0)
  }
  return heap.sort((a, b) => score(b) - score(a) || a - b)
}
