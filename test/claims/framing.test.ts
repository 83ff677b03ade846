// Which questions put forward a claim, over many phrasings: lead-ins that hand the claim over,
// yes-or-no questions that carry it, and open questions that carry none.
import { describe, expect, it } from 'vitest'
import { claimOf } from '../../workers/claims'

describe('claimOf', () => {
  it.each([
    ['Is it true that vitamin D prevents fractures?', 'vitamin D prevents fractures'],
    ['is it correct that statins cause muscle pain', 'statins cause muscle pain'],
    ['Is it the case that sleep loss raises blood pressure?', 'sleep loss raises blood pressure'],
    ['True or false: aspirin lowers stroke risk', 'aspirin lowers stroke risk'],
    ['Claim: exercise improves depressive symptoms.', 'exercise improves depressive symptoms'],
    ['Check whether coffee increases arrhythmia risk', 'coffee increases arrhythmia risk'],
    [
      'Does the evidence show that fasting extends lifespan in mice?',
      'fasting extends lifespan in mice',
    ],
    ['Does vitamin D prevent fractures?', 'vitamin D prevent fractures'],
    ['Do statins reduce mortality in the elderly?', 'statins reduce mortality in the elderly'],
    ['Can metformin slow tumour growth?', 'metformin slow tumour growth'],
    [
      'Is obesity associated with breast cancer risk?',
      'obesity associated with breast cancer risk',
    ],
    [
      'Are omega-3 supplements effective for depression, or not?',
      'omega-3 supplements effective for depression',
    ],
    [
      'Did the Mediterranean diet lower cardiovascular events?',
      'the Mediterranean diet lower cardiovascular events',
    ],
  ])('%s -> %s', (question, claim) => {
    expect(claimOf(question)).toBe(claim)
  })

  it.each([
    'What causes fractures in older adults?',
    'How does vitamin D work?',
    'Why do statins cause muscle pain?',
    'Which drugs lower blood pressure?',
    'vitamin D and fractures',
    'Tell me about statins',
    'Is there a link between coffee and cancer?',
    'Can you summarise the evidence on statins?',
    'Is coffee good or bad for the heart?',
    'Does it work?',
    'Is it true?',
    '',
    '   ',
  ])('%s -> no claim', (question) => {
    expect(claimOf(question)).toBeNull()
  })
})
