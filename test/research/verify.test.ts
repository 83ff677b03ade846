// The verification pass and the offline plan, as rules over tables of inputs.
import { describe, expect, it } from 'vitest'
import { offlinePlan, verifySection } from '../../workers/research'

const source = (snippet: string) => ({
  title: 'A study',
  url: 'https://example.org/a',
  domain: 'example.org',
  snippet,
})

describe('verifySection', () => {
  const sources = [
    source(
      'Daily vitamin D supplementation increased lumbar bone mineral density by 1.2% over two years.',
    ),
    source('Marine heatwaves bleached a third of the reef.'),
  ]
  it.each([
    [
      'a quote of its passage stays',
      '[1] reports: “Daily vitamin D supplementation increased lumbar bone mineral density.”',
      1,
      0,
    ],
    [
      'a claim its passage does not hold goes',
      'Vitamin D cures migraine headaches in adolescents [1].',
      1,
      1,
    ],
    [
      'a claim cited to the wrong passage goes',
      'Vitamin D increased lumbar bone mineral density [2].',
      1,
      1,
    ],
    [
      'a number outside the list supports nothing',
      'Vitamin D increased lumbar bone density [7].',
      1,
      1,
    ],
    ['an uncited sentence is not checked', 'The library has little on this.', 0, 0],
  ])('%s', (_label, answer, checked, removed) => {
    const verified = verifySection(answer, sources)
    expect([verified.checked, verified.removed]).toEqual([checked, removed])
    if (removed > 0) expect(verified.text).toBe('')
  })

  it('moves the marker to the next sentence when the one that named the source goes', () => {
    const answer =
      '[1] reports: “Migraines vanished entirely.” “Daily vitamin D increased lumbar bone mineral density.”'
    const verified = verifySection(answer, sources)
    expect(verified.removed).toBe(1)
    expect(verified.text).toMatch(/^\[1\] “Daily vitamin D/)
  })
})

describe('offlinePlan', () => {
  it.each([
    'How does vitamin D supplementation affect bone mineral density?',
    'statins and dementia',
    'Compare solar versus wind power, storage, and grid costs in Europe',
    'Why?',
    'a b c d e f g h i j k l m n o p',
  ])('plans 3-6 distinct sub-questions, each with why it is asked: %s', (question) => {
    const plan = offlinePlan(question)
    expect(plan.made_by).toBe('offline')
    expect(plan.sub_questions.length).toBeGreaterThanOrEqual(3)
    expect(plan.sub_questions.length).toBeLessThanOrEqual(6)
    const texts = plan.sub_questions.map((q) => q.question.toLowerCase())
    expect(new Set(texts).size).toBe(texts.length)
    for (const q of plan.sub_questions) expect(q.why).toMatch(/offline plan/)
  })

  it('drops framing words from the subject it asks about', () => {
    const plan = offlinePlan('How does vitamin D affect bone density?')
    expect(plan.sub_questions[1]?.question).toContain('vitamin D bone density')
  })
})
