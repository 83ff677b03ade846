import { describe, expect, it } from 'vitest'
import { fitLogistic } from '../../eval/grounding/logistic'

type Row = { label: 0 | 1; signals: { x: number }; group?: string }

const rows = (n: number, label: 0 | 1, x: number, group?: string): Row[] =>
  Array.from({ length: n }, (_, i) => ({
    label,
    signals: { x: x + (i % 5) * 0.02 },
    ...(group ? { group } : {}),
  }))

describe('the relevance model fit', () => {
  // Many long claims (x near 1), few short topics (x near 0.4), off-topic questions near 0.
  const claims = rows(90, 1, 1, 'claims')
  const topics = rows(10, 1, 0.4, 'topics')
  const offTopic = rows(100, 0, 0, 'offTopic')

  it('separates the labels', () => {
    const model = fitLogistic([...claims, ...topics, ...offTopic], ['x'])
    expect(model.predict({ x: 1 })).toBeGreaterThan(0.5)
    expect(model.predict({ x: 0 })).toBeLessThan(0.5)
  })

  it('weighs each group alike within its label, however many samples it has', () => {
    const ungrouped = [...claims, ...topics, ...offTopic].map(({ label, signals }) => ({
      label,
      signals,
    }))
    const pooled = fitLogistic(ungrouped, ['x'])
    const grouped = fitLogistic([...claims, ...topics, ...offTopic], ['x'])
    // The topics, a tenth of the positives, count for half of them once grouped.
    expect(grouped.predict({ x: 0.4 })).toBeGreaterThan(pooled.predict({ x: 0.4 }))
  })
})
