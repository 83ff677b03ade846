// A related question never ends its topic on an adjective ("…about statin therapy and
// cardiovascular?"): the phrase grows to the noun the adjective modifies when the sources say
// it, and otherwise leaves the dangling word out.
import { describe, expect, it } from 'vitest'
import { offlineRelatedQuestions, topicPhrase } from '../../workers/grounding'

const MODIFIED: [string, string][] = [
  ['cardiovascular', 'events'],
  ['metabolic', 'syndrome'],
  ['chronic', 'pain'],
  ['oxidative', 'stress'],
  ['inflammatory', 'markers'],
  ['renal', 'function'],
  ['cognitive', 'decline'],
  ['gestational', 'diabetes'],
  ['pulmonary', 'hypertension'],
  ['neonatal', 'mortality'],
  ['bipolar', 'disorder'],
  ['hepatic', 'steatosis'],
  ['visceral', 'fat'],
  ['genetic', 'variants'],
  ['depressive', 'symptoms'],
  ['respiratory', 'infections'],
  ['dangerous', 'arrhythmias'],
  ['resistant', 'bacteria'],
  ['sedentary', 'behaviour'],
  ['harmful', 'drinking'],
]

const SUBJECTS = ['statin therapy', 'aerobic exercise', 'vitamin D supplementation', 'fasting']

const cases = MODIFIED.flatMap(([adjective, noun], i) => {
  const subject = SUBJECTS[i % SUBJECTS.length] ?? 'fasting'
  return [{ adjective, noun, subject, query: `Does ${subject} reduce ${adjective} ${noun}?` }]
})

describe('related questions and adjectives', () => {
  it.each(cases)(
    'never ends the topic of "$query" on "$adjective" when the sources lack its noun',
    ({ adjective, subject, query }) => {
      const sources = [
        `${subject} in adults: a randomised trial`,
        `${adjective[0]?.toUpperCase()}${adjective.slice(1)} outcomes of ${subject} in a cohort`,
      ]
      const topic = topicPhrase(query, sources)
      expect(topic).not.toMatch(new RegExp(`\\b${adjective}$`, 'i'))
      for (const question of offlineRelatedQuestions(query, sources))
        expect(question).not.toMatch(new RegExp(`\\b${adjective}\\?$`, 'i'))
    },
  )

  it.each(cases)(
    'grows the topic of "$query" to the noun "$adjective" modifies when the sources say it',
    ({ adjective, noun, subject, query }) => {
      const sources = [
        `${subject} and ${adjective} ${noun}: a randomised trial`,
        `${adjective} ${noun} after ${subject} in a cohort`,
      ]
      expect(topicPhrase(query, sources).toLowerCase()).toContain(`${adjective} ${noun}`)
    },
  )

  it('keeps a word with an adjective ending that heads its phrase ("the hospital")', () => {
    const sources = ['Sepsis in the rural hospital', 'Outcomes of sepsis care in a rural hospital']
    expect(topicPhrase('How is sepsis treated in a rural hospital?', sources)).toContain(
      'rural hospital',
    )
  })
})
