// The offline stance rules over many phrasings: what the cues read, which reading each pair of
// claim and sentence gives, that only fitted rules precise enough over enough items show a
// stance, and the verdict that follows from the shown stances.
import { describe, expect, it } from 'vitest'
import {
  offlineStance,
  rationaleSentences,
  readCues,
  readRationale,
  SHOWN_PRECISION,
  verdictOf,
} from '../../workers/claims'

const cues = (text: string, against = '') => readCues(text, { against })

describe('readCues', () => {
  it.each([
    ['Vitamin D did not reduce fractures.', true, -1],
    ["Statins didn't lower mortality.", true, -1],
    ['There was no difference in recall.', true, 0],
    ['Fracture rates were unchanged.', true, 0],
    ['Exercise increased bone density.', false, 1],
    ['Exercise reduced depressive symptoms.', false, -1],
    ['Coffee intake was positively associated with risk.', false, 1],
    ['Birth weight was inversely associated with risk.', false, -1],
    ['Levels rose in one arm and fell in the other.', false, 0],
    ['The trial enrolled 400 adults.', false, 0],
  ])('%s -> negated %s, direction %s', (text, negated, direction) => {
    expect(cues(text)).toMatchObject({ negated, direction })
  })

  it('reads a word as denied when it is the other text’s word behind a negating prefix', () => {
    expect(cues('Monitoring is inaccurate at diagnosis.', 'Monitoring is accurate.').negated).toBe(
      true,
    )
    expect(cues('A UCP1-independent mechanism.', 'a UCP1-dependent mechanism').negated).toBe(true)
    // The same word on both sides is no denial; nor is a prefix the other text never unmakes.
    expect(cues('It is inaccurate.', 'It is inaccurate.').negated).toBe(false)
    expect(cues('An intense effect.', 'a tense effect').negated).toBe(false)
  })

  it('counts only cues near the claim’s words in a sentence', () => {
    const near = new Set(['fractur'])
    const far = readCues(
      'Fractures were recorded; years later, in another cohort entirely, weight did not fall.',
      {
        against: '',
        near,
      },
    )
    expect(far.negated).toBe(false)
    const close = readCues('Fractures did not fall.', { against: '', near })
    expect(close).toMatchObject({ negated: true, direction: -1 })
  })
})

const rationale = (claim: string, text: string) => rationaleSentences(claim, text)

describe('readRationale', () => {
  it.each([
    [
      'Vitamin D reduces hip fractures',
      'Vitamin D reduced hip fractures in older adults.',
      'agrees',
    ],
    [
      'Vitamin D reduces hip fractures',
      'Vitamin D did not reduce hip fractures in older adults.',
      'negation-differs',
    ],
    [
      'Vitamin D reduces hip fractures',
      'Vitamin D increased hip fractures in older adults.',
      'direction-opposes',
    ],
    [
      'Vitamin D does not affect hip fractures',
      'Vitamin D did not affect hip fractures.',
      'agrees',
    ],
    [
      'Ambulatory monitoring is inaccurate at diagnosing hypertension',
      'Ambulatory monitoring is accurate at diagnosing hypertension.',
      'negation-differs',
    ],
  ])('%s | %s -> %s', (claim, text, reading) => {
    expect(readRationale(claim, rationale(claim, text)).rule?.split('/')[0]).toBe(reading)
  })

  it('reads nothing when sentences that count point both ways', () => {
    const claim = 'Vitamin D reduces hip fractures'
    const text =
      'Vitamin D reduced hip fractures in women. Vitamin D did not reduce hip fractures in men.'
    expect(readRationale(claim, rationale(claim, text))).toEqual({
      rule: null,
      stance: 'unlabelled',
    })
  })

  it('reads nothing from a sentence holding too little of the claim', () => {
    const claim = 'Vitamin D supplementation reduces hip fractures in nursing home residents'
    expect(readRationale(claim, rationale(claim, 'Fractures were common.')).rule).toBeNull()
  })
})

describe('offlineStance', () => {
  const claim = 'Vitamin D reduces hip fractures'
  const said = rationale(claim, 'Vitamin D reduced hip fractures in older adults.')
  const rule = readRationale(claim, said).rule as NonNullable<
    ReturnType<typeof readRationale>['rule']
  >

  it('shows a stance only from a rule fitted precise enough over enough items', () => {
    expect(offlineStance(claim, said, { [rule]: { precision: 0.9, items: 40 } })).toMatchObject({
      stance: 'supports',
      confidence: 0.9,
      rule,
    })
    for (const fit of [
      { precision: SHOWN_PRECISION - 0.01, items: 40 },
      { precision: 0.99, items: 3 },
    ]) {
      expect(offlineStance(claim, said, { [rule]: fit })).toMatchObject({
        stance: 'unlabelled',
        rule,
      })
    }
    expect(offlineStance(claim, said, {}).stance).toBe('unlabelled')
  })
})

describe('verdictOf', () => {
  it.each([
    [['supports', 'unlabelled'], 'supported'],
    [['contradicts'], 'contradicted'],
    [['supports', 'contradicts'], 'mixed'],
    [['unlabelled'], 'insufficient'],
    [[], 'insufficient'],
  ] as const)('%j -> %s', (stances, verdict) => {
    expect(verdictOf(stances)).toBe(verdict)
  })
})

describe('rationaleSentences', () => {
  it('never quotes figure or table debris, however many of the claim’s words it holds', () => {
    const claim = 'Crawler selector improves retrieval precision'
    const text =
      'Crawler Selector Select Selector Drop Retrieval Precision Crawler Selector. ' +
      'The crawler selector improved retrieval precision by 12 points over the baseline.'
    const quoted = rationaleSentences(claim, text).map((s) => s.text)
    expect(quoted).toEqual([
      'The crawler selector improved retrieval precision by 12 points over the baseline.',
    ])
  })
})
