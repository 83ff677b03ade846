// The topic a writing request is judged on: the words that ask for writing, say where it goes
// or point at a part of the suggestion name no topic.
import { describe, expect, it } from 'vitest'
import { requestTopic } from '../../workers/writing/request-topic'

describe('request topic', () => {
  it('keeps what the request is about', () => {
    expect(requestTopic('Write a paragraph about the history of the Roman Empire')).toBe(
      'history of the Roman Empire',
    )
    expect(
      requestTopic(
        'Add two short paragraphs on statin therapy and LDL cholesterol to the Introduction',
      ),
    ).toBe('statin therapy and LDL cholesterol')
    expect(requestTopic('Add a new section on the data sources for p53 studies')).toBe(
      'data sources for p53 studies',
    )
  })

  it('drops the section it goes to, but not a topic word that merely names one elsewhere', () => {
    expect(requestTopic('Put a paragraph on vitamin D in older adults under Results')).toBe(
      'vitamin D in older adults',
    )
    expect(requestTopic('Add a paragraph on the design of cohort studies to the Methods')).toBe(
      'design of cohort studies',
    )
  })

  it('finds no topic in a request that only rewords', () => {
    expect(requestTopic('make the second one shorter')).toBe('')
    expect(requestTopic('Rewrite it in a more formal tone')).toBe('')
  })
})
