// Offline related questions name the question's own topic: neighbouring words stay one
// phrase, and a follow-up's topic comes from the standalone query it was searched as.
import { describe, expect, it } from 'vitest'
import { offlineRelatedQuestions, topicPhrase } from '../../workers/grounding'

const sources = [
  'Vitamin D deficiency in postmenopausal women',
  'Serum 25(OH)D and vitamin D supplementation: fewer fractures with D3 given daily.',
]

describe('topicPhrase', () => {
  it('keeps neighbouring words of the question together instead of joining them with "and"', () => {
    const topic = topicPhrase('Does vitamin D supplementation prevent bone fractures?', sources)
    expect(topic).not.toMatch(/ and /)
    expect(topic).toContain('vitamin D')
  })

  it('joins two separate phrases of the question with "and"', () => {
    const topic = topicPhrase('How do sleep duration and insulin resistance relate?', [
      'Short sleep duration predicts insulin resistance in adolescents.',
      'Sleep duration and insulin resistance: a cohort.',
    ])
    expect(topic).toBe('sleep duration and insulin resistance')
  })
})

describe('offlineRelatedQuestions', () => {
  it('asks about the searched topic of a follow-up, not its leftover words', () => {
    const searched = 'What blood level of it is considered adequate? vitamin calcium absorption'
    const questions = offlineRelatedQuestions(searched, [
      'Calcium absorption varies with serum 25-hydroxyvitamin D.',
      'Calcium absorption and vitamin D status in older adults.',
    ])
    expect(questions[0]).toMatch(/calcium absorption/)
  })
})
