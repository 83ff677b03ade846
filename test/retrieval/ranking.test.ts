import { describe, expect, it } from 'vitest'
import { countTokens } from '../../workers/llm'
import { TASK_PARAMS } from '../../workers/retrieval'
import { fitTokenBudget, truncateToTokens } from '../../workers/retrieval/search/budget'
import { fuseRankings } from '../../workers/retrieval/search/fusion'
import { paperAwareMmr } from '../../workers/retrieval/search/mmr'

describe('weighted reciprocal rank fusion', () => {
  it('adds weight / (k + rank) over the lists', () => {
    const fused = fuseRankings(
      [
        { name: 'bm25', weight: 1, ids: [1, 2] },
        { name: 'vector', weight: 0.5, ids: [2, 3] },
      ],
      60,
    )
    expect(fused.map((f) => f.id)).toEqual([2, 1, 3])
    expect(fused[0]?.score).toBeCloseTo(1 / 62 + 0.5 / 61, 10)
  })

  it('lets a heavier list decide between items each list ranks first', () => {
    const lists = (w: number) => [
      { name: 'a', weight: 1, ids: [1] },
      { name: 'b', weight: w, ids: [2] },
    ]
    expect(fuseRankings(lists(2))[0]?.id).toBe(2)
    expect(fuseRankings(lists(0.5))[0]?.id).toBe(1)
  })

  it('ignores lists of zero weight', () => {
    expect(fuseRankings([{ name: 'off', weight: 0, ids: [9] }])).toEqual([])
  })
})

describe('paper-aware MMR', () => {
  const item = (paperKey: string, score: number) => ({ paperKey, score })

  it('penalises a second chunk of an already chosen paper', () => {
    const items = [item('p1', 1), item('p1', 0.95), item('p2', 0.7)]
    const picked = paperAwareMmr(items, 2, 0.5)
    expect(picked.map((i) => i.paperKey)).toEqual(['p1', 'p2'])
  })

  it('keeps pure relevance order when lambda is 1', () => {
    const items = [item('p1', 1), item('p1', 0.95), item('p2', 0.7)]
    expect(paperAwareMmr(items, 3, 1)).toEqual(items)
  })

  it('returns at most topN items and nothing for an empty pool', () => {
    expect(paperAwareMmr([item('a', 1), item('b', 1), item('c', 1)], 2, 0.8)).toHaveLength(2)
    expect(paperAwareMmr([], 5, 0.8)).toEqual([])
  })
})

describe('task routing', () => {
  it('uses the seed parameters per task', () => {
    expect(TASK_PARAMS).toEqual({
      qa: { topK: 10, topN: 5, lambda: 0.8 },
      summarization: { topK: 15, topN: 6, lambda: 0.6 },
      comparison: { topK: 20, topN: 8, lambda: 0.5 },
      explanation: { topK: 12, topN: 6, lambda: 0.7 },
    })
  })
})

describe('token budget', () => {
  const long = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ')

  it('leaves chunks alone under the budget', () => {
    const chunks = [{ content: 'short text' }]
    expect(fitTokenBudget(chunks, 100)).toEqual(chunks)
  })

  it('cuts every chunk in proportion so the total fits', () => {
    const chunks = [{ content: long(900) }, { content: long(300) }]
    const before = chunks.map((c) => countTokens(c.content))
    const fitted = fitTokenBudget(chunks, 400)
    const after = fitted.map((c) => countTokens(c.content))
    expect(after.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(400)
    expect(after[0]! / after[1]!).toBeCloseTo(before[0]! / before[1]!, 0)
    for (const c of fitted) expect(c.content.endsWith('…')).toBe(true)
  })

  it('truncates on a word boundary', () => {
    const cut = truncateToTokens('alpha beta gamma delta epsilon zeta eta theta', 4)
    expect(cut).toMatch(/^alpha beta( gamma)?…$/)
  })
})
