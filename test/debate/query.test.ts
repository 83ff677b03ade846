// The turn query: the question sharpened by the previous reply's topic words, never by
// Quire's own labels, ending lines, code or citation markers.
import { describe, expect, it } from 'vitest'
import { buildTurnQuery } from '../../workers/debate'
import {
  modelFailedLabel,
  OFFLINE_CONCLUSION,
  OFFLINE_LABEL,
} from '../../workers/debate/offline-label'

const QUESTION = 'Does vitamin D supplementation reduce fracture risk?'

describe('buildTurnQuery', () => {
  it('is the question alone on the first turn', () => {
    expect(buildTurnQuery(QUESTION, null)).toBe(QUESTION)
  })

  it("adds the previous reply's most frequent topic words", () => {
    const previous =
      'Calcium intake matters [1]. Calcium and parathyroid hormone interact [2]; calcium again.'
    expect(buildTurnQuery(QUESTION, previous)).toMatch(/^Does vitamin D .*\bcalcium\b/)
  })

  it.each([
    ['offline', OFFLINE_LABEL],
    ['degraded', modelFailedLabel('model unreachable')],
  ])("leaves out an extractive turn's label and conclusion (%s)", (_kind, label) => {
    const previous = `${label}\n\n- Bone density falls with age [3].\n\nValidation: N/A\nConclusion: ${OFFLINE_CONCLUSION}\n`
    const query = buildTurnQuery(QUESTION, previous)
    for (const word of [
      'configured',
      'language',
      'quotes',
      'judged',
      'executed',
      'extractive',
      'unreachable',
      'failed',
    ])
      expect(query).not.toContain(word)
    expect(query).toContain('bone')
  })

  it('ignores code blocks, ending lines and citation markers', () => {
    const previous =
      'Dosing schedules differ [4].\n```python\ndef schedule(): pass\n```\nViability: VIABLE\nValidation: PASS'
    const query = buildTurnQuery(QUESTION, previous)
    expect(query).not.toMatch(/python|schedule\(|viable|pass|\[4\]/i)
    expect(query).toContain('dosing')
  })
})
