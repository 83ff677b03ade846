import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { topScored } from '../../workers/retrieval/search/top-scored'

/** The reference: sort everything, best first, ties to the lower id. */
function bySorting(ids: number[], scores: number[], k: number): number[] {
  return [...ids].sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0) || a - b).slice(0, k)
}

describe('topScored', () => {
  it('keeps the k best ids, best first, as a full sort would', () => {
    fc.assert(
      fc.property(
        // Few distinct scores, so ties are common.
        fc.array(fc.integer({ min: 0, max: 8 }), { maxLength: 300 }),
        fc.integer({ min: 0, max: 320 }),
        (values, k) => {
          const scores = values.map((v) => v / 4)
          const ids = values.map((_, i) => i).reverse()
          expect(topScored(ids, scores, k)).toEqual(bySorting(ids, scores, k))
        },
      ),
    )
  })

  it('returns nothing for k of 0 or no ids', () => {
    expect(topScored([1, 2], [0, 1, 2], 0)).toEqual([])
    expect(topScored([], [], 5)).toEqual([])
  })
})
