import { describe, expect, it } from 'vitest'
import { classifyTopic, credibility } from '../../workers/answer/credibility'

// Questions on many subjects, none using the answer fixtures' vocabulary.
describe('classifyTopic across varied subjects', () => {
  it.each([
    ['Is ibuprofen safe to take during pregnancy?', 'health'],
    ['What are the early signs of appendicitis?', 'health'],
    ['How contagious is measles among unvaccinated children?', 'health'],
    ['Does cognitive behavioural therapy help with insomnia?', 'health'],
    ['Recovery time after knee arthroplasty', 'health'],
    ['What causes peripheral neuropathy in the feet?', 'health'],
    ['How many hours of sleep do teenagers need?', 'health'],
    ['Can I renew my passport by mail?', 'policy'],
    ['What does the new EU regulation on AI require?', 'policy'],
    ['How are capital gains taxes calculated for shares held a year?', 'policy'],
    ['How do I enable HTTP/2 on an nginx server?', 'tech'],
    ['Why does my Python script leak memory?', 'tech'],
    ['What did the latest meta-analysis of randomized trials conclude?', 'scholarly'],
    ['Is quantum entanglement faster than light?', 'scholarly'],
    ['Why do central banks raise interest rates when inflation is high?', 'finance'],
    ['Is a fixed or variable mortgage better right now?', 'finance'],
    ['Who played guitar on the album Rumours?', 'music'],
    ['Who painted the ceiling of the Sistine Chapel?', 'general'],
    ['What is the tallest mountain in Africa?', 'general'],
  ])('%s -> %s', (query, topic) => {
    expect(classifyTopic(query)).toBe(topic)
  })

  it('does not mistake everyday words that merely look medical', () => {
    expect(classifyTopic('Is a diploma from academia worth the nostalgia?')).toBe('general')
    expect(classifyTopic('Explain the dichotomy between empathy and sympathy')).toBe('general')
    expect(classifyTopic('When was the treaty of Versailles signed?')).toBe('general')
  })

  it('lets the subject with more cues win when a question spans two', () => {
    expect(classifyTopic('Does the tax on sugary drinks reduce obesity and diabetes?')).toBe(
      'health',
    )
    expect(classifyTopic('Which court ruled on the new immigration law and visa rules?')).toBe(
      'policy',
    )
  })
})

describe('credibility by topic', () => {
  it('makes health agencies and journals the authorities for any health question', () => {
    const topic = classifyTopic('What are the early signs of appendicitis?')
    const agency = credibility('nhs.gov.uk', topic)
    expect(agency.reason).toMatch(/authority for health/)
    expect(credibility('thelancet.com', topic).score).toBeGreaterThan(
      credibility('reddit.com', topic).score,
    )
  })

  it('makes reference works and news the authorities for general questions', () => {
    const topic = classifyTopic('What is the tallest mountain in Africa?')
    expect(credibility('britannica.com', topic).score).toBeGreaterThan(
      credibility('blog.example.com', topic).score,
    )
  })
})
