import { describe, expect, it } from 'vitest'
import { contentTerms, isFollowUp, rewriteFollowUp } from '../../workers/grounding'

const history = [
  {
    role: 'user' as const,
    content: 'Does vitamin D supplementation reduce the risk of fractures?',
  },
  { role: 'assistant' as const, content: 'Vitamin D alone did not reduce fractures [1].' },
]

describe('follow-up rewriting (offline)', () => {
  it('carries the topic of the previous question into a follow-up, after its own words', () => {
    const query = rewriteFollowUp(
      'What about in elderly women specifically? Was calcium given too?',
      history,
    )
    expect(
      query.startsWith('What about in elderly women specifically? Was calcium given too?'),
    ).toBe(true)
    const terms = contentTerms(query)
    expect(terms).toEqual(
      expect.arrayContaining(['vitamin', 'fractur', 'elderli', 'women', 'calcium']),
    )
  })

  it('carries fewer context terms than a bare follow-up gets', () => {
    const bare = rewriteFollowUp('Why?', history)
    const own = rewriteFollowUp('And in men?', history)
    const carried = (q: string, asked: string) =>
      contentTerms(q).length - contentTerms(asked).length
    expect(carried(bare, 'Why?')).toBeGreaterThan(carried(own, 'And in men?'))
    expect(contentTerms(bare)).toEqual(expect.arrayContaining(['vitamin', 'fractur']))
  })

  it('prefers the rarer context terms when corpus statistics are given', () => {
    const stats = { documents: 1000, documentFrequency: (t: string) => (t === 'risk' ? 900 : 5) }
    const query = rewriteFollowUp('And in men?', history, { stats })
    expect(contentTerms(query)).not.toContain('risk')
  })

  it('uses the sources just cited', () => {
    const query = rewriteFollowUp('How was this measured?', history.slice(0, 1), {
      cited: ['Bone mineral density in the WHI calcium trial'],
    })
    expect(contentTerms(query)).toEqual(expect.arrayContaining(['vitamin']))
  })

  it('leaves a first question and a new standalone topic unchanged', () => {
    expect(rewriteFollowUp('Does aspirin prevent colorectal cancer?', [])).toBe(
      'Does aspirin prevent colorectal cancer?',
    )
    expect(rewriteFollowUp('Who won the 2018 World Cup?', history)).toBe(
      'Who won the 2018 World Cup?',
    )
    expect(isFollowUp('What is the capital of Australia?')).toBe(false)
  })
})
