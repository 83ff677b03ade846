import { describe, expect, it } from 'vitest'
import { offlineRelatedQuestions, relatedQuestions } from '../../workers/answer/related'
import { topicPhrase } from '../../workers/answer/text-terms'
import { aRankedSource } from './builders'

const sources = [
  aRankedSource(1, {
    title: 'Calcium absorption varies within the reference range for serum 25-hydroxyvitamin D',
    snippet: 'Calcium absorption is impaired under vitamin D deficiency. Vitamin D status matters.',
  }),
  aRankedSource(2, {
    title: 'Vitamin D: The "sunshine" vitamin.',
    snippet: 'Vitamin D insufficiency is common.',
  }),
]

describe('offline related questions', () => {
  it('names the topic with phrases of the question that the sources say', () => {
    const context = sources.flatMap((s) => [s.title, s.snippet])
    expect(topicPhrase('How does vitamin D status affect calcium absorption?', context)).toBe(
      'vitamin D status and calcium absorption',
    )
  })

  it("falls back to the question's first phrase when the sources share none", () => {
    expect(topicPhrase('Why is the sky blue at noon?', ['unrelated text'])).toBe('sky blue')
  })

  it('builds three questions on the question own topic, never from source titles', () => {
    const questions = offlineRelatedQuestions(
      'How does vitamin D status affect calcium absorption?',
      sources,
    )
    expect(questions).toHaveLength(3)
    for (const question of questions) {
      expect(question).toContain('vitamin D status and calcium absorption')
      expect(question).not.toContain('reference range')
    }
  })

  it('offers none without sources (an abstained answer)', () => {
    expect(offlineRelatedQuestions('Who won the 2018 World Cup?', [])).toEqual([])
  })

  it('prefers the model suggestions, without repeats or the question itself', () => {
    const model = [
      'Is vitamin D safe?',
      'is vitamin d safe?',
      'How much calcium?',
      'Original question?',
      'Fourth?',
      'Fifth?',
    ]
    expect(relatedQuestions('Original question?', model, sources)).toEqual([
      'Is vitamin D safe?',
      'How much calcium?',
      'Fourth?',
    ])
  })
})
