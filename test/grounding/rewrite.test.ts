import { describe, expect, it } from 'vitest'
import {
  askAbstention,
  contentTerms,
  isFollowUp,
  pointsToNothingSaid,
  leansOnNothingFound,
  rewriteFollowUp,
} from '../../workers/grounding'
import { carriedTopicOf, withCarried } from '../../workers/grounding/rewrite'

const history = [
  {
    role: 'user' as const,
    content: 'Does vitamin D supplementation reduce the risk of hip fractures in older people?',
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

  it('searches "What about in children?" for the earlier topic in children', () => {
    const earlier = [
      { role: 'user' as const, content: 'Does vitamin D improve bone mineral density?' },
      { role: 'assistant' as const, content: 'Quoted findings [1].' },
    ]
    const query = rewriteFollowUp('What about in children?', earlier)
    expect(query).toBe('What about in children? (about: vitamin D bone mineral density)')
  })

  it('never carries a word that framed the earlier question', () => {
    const earlier = [
      { role: 'user' as const, content: 'What is the impact of exercise on depression?' },
      { role: 'assistant' as const, content: 'Quoted findings [1].' },
    ]
    // "impact" is rarer here than either subject, and still not part of the topic.
    const stats = { documents: 1000, documentFrequency: (t: string) => (t === 'impact' ? 2 : 40) }
    const query = rewriteFollowUp('What about in older adults?', earlier, { stats })
    expect(query).toBe('What about in older adults? (about: exercise depression)')
  })

  it('carries the rest of the topic into a question naming only part of it', () => {
    const earlier = [
      { role: 'user' as const, content: 'Does exercise reduce depression?' },
      { role: 'assistant' as const, content: 'Quoted findings [1].' },
    ]
    // "need" is in a tenth of the library, the rest in few of it.
    const stats = {
      documents: 1000,
      documentFrequency: (term: string) => (term === 'need' ? 100 : 8),
    }
    expect(rewriteFollowUp('How much exercise is needed?', earlier, { stats })).toBe(
      'How much exercise is needed? (about: depression)',
    )
    // A subject of its own makes it a question of its own.
    expect(rewriteFollowUp('Does exercise improve sleep?', earlier, { stats })).toBe(
      'Does exercise improve sleep?',
    )
    expect(
      rewriteFollowUp('Does exercise reduce depression in teenagers?', earlier, { stats }),
    ).toBe('Does exercise reduce depression in teenagers?')
  })

  it('carries the topic through a chain of follow-ups', () => {
    const chain = [
      { role: 'user' as const, content: 'Does vitamin D improve bone mineral density?' },
      { role: 'assistant' as const, content: 'Quoted findings [1].' },
      { role: 'user' as const, content: 'What about in children?' },
      { role: 'assistant' as const, content: 'Quoted findings [2].' },
    ]
    expect(contentTerms(rewriteFollowUp('Why?', chain))).toEqual(
      expect.arrayContaining(['vitamin', 'bone', 'children']),
    )
  })

  it('never carries words of a turn that found nothing', () => {
    const abstained = [
      { role: 'user' as const, content: 'Does vitamin D improve bone mineral density?' },
      { role: 'assistant' as const, content: 'Quoted findings [1].' },
      { role: 'user' as const, content: 'What about quantum gravity near black holes?' },
      {
        role: 'assistant' as const,
        content: askAbstention({ libraryOnly: true }),
      },
    ]
    const query = rewriteFollowUp('And in older women?', abstained)
    expect(contentTerms(query)).toEqual(expect.arrayContaining(['vitamin', 'bone']))
    expect(contentTerms(query)).not.toContain('quantum')
    const flagged = [
      ...abstained.slice(0, 2),
      { role: 'user' as const, content: 'What about quantum gravity?' },
      { role: 'assistant' as const, content: 'Nothing.', abstained: true },
    ]
    expect(contentTerms(rewriteFollowUp('And in mice?', flagged))).not.toContain('quantum')
  })

  it('leaves a follow-up unchanged when every earlier turn found nothing', () => {
    const nothing = [
      { role: 'user' as const, content: 'What is the offside rule in football?' },
      { role: 'assistant' as const, content: askAbstention({}) },
    ]
    expect(rewriteFollowUp('And in rugby?', nothing)).toBe('And in rugby?')
  })

  it('tells a follow-up that names nothing after turns that found nothing from one with a subject', () => {
    const nothing = [
      { role: 'user' as const, content: 'What is the offside rule in football?' },
      { role: 'assistant' as const, content: 'Nothing.', abstained: true },
    ]
    const stats = {
      documents: 1000,
      documentFrequency: (t: string) => ({ protein: 280, contain: 92 })[t] ?? 3,
    }
    expect(leansOnNothingFound('What proteins do they contain?', nothing, { stats })).toBe(true)
    expect(leansOnNothingFound('And in children?', nothing)).toBe(true)
    expect(
      leansOnNothingFound('Do they raise the risk of hip fractures?', nothing, { stats }),
    ).toBe(false)
    expect(leansOnNothingFound('What about malaria?', nothing, { stats })).toBe(false)
    // A study's part named as if known: the words settle it, rare in the library or not.
    expect(leansOnNothingFound('Does the drug work?', nothing, { stats })).toBe(true)
    expect(isFollowUp('Does the drug work?')).toBe(true)
    expect(rewriteFollowUp('Does the drug work?', history)).toMatch(/\(about: .*vitamin D/)
    // With a topic found earlier, or no earlier question, the follow-up is searched.
    expect(leansOnNothingFound('What proteins do they contain?', history, { stats })).toBe(false)
    expect(leansOnNothingFound('What proteins do they contain?', [], { stats })).toBe(false)
  })

  it('carries the topic into a question that names no subject of its own, pronoun or not', () => {
    const common = { outcom: 240, improv: 310 } as Record<string, number>
    const stats = { documents: 1000, documentFrequency: (t: string) => common[t] ?? 4 }
    expect(rewriteFollowUp('What outcomes improved?', history, { stats })).toMatch(
      /^What outcomes improved\? \(.*vitamin D.*\)$/,
    )
    // The same words, rare in this library, name a subject: a new question, searched as asked.
    const rare = { documents: 1000, documentFrequency: () => 4 }
    expect(rewriteFollowUp('What outcomes improved?', history, { stats: rare })).toBe(
      'What outcomes improved?',
    )
  })

  it('reads an everyday word the library hardly uses as a subject of its own', () => {
    // "kitchen" and "knife" in 2 of 5,000 documents; "improved" and "hours" in 1-5%.
    const shares: Record<string, number> = { kitchen: 2, knive: 2, improv: 200, hour: 70 }
    const stats = { documents: 5000, documentFrequency: (t: string) => shares[t] ?? 1 }
    expect(rewriteFollowUp('kitchen knives', history, { stats })).toBe('kitchen knives')
    expect(rewriteFollowUp('How much improved after hours?', history, { stats })).toMatch(
      /\(about: .*vitamin D.*\)$/,
    )
  })

  it('carries nothing into a question that announces a new subject, and drops the opening', () => {
    expect(
      rewriteFollowUp('Switching topics: does aspirin prevent colorectal cancer?', history),
    ).toBe('does aspirin prevent colorectal cancer?')
    expect(rewriteFollowUp('On another note, what about malaria?', history)).toBe(
      'what about malaria?',
    )
    // An opening that only frames the question keeps the conversation going.
    expect(rewriteFollowUp('By the way, what about in men?', history)).toMatch(
      /^what about in men\? \(about: .*vitamin D/,
    )
  })

  it("reads what a negative contraction leaves behind as no word of the question's", () => {
    expect(contentTerms("Isn't it the opposite? Doesn't it, don't they?")).toEqual(['opposit'])
  })

  it('reads a relation left open at the end as pointing back to the topic', () => {
    expect(isFollowUp('Do gut bacteria play a role?')).toBe(true)
    expect(isFollowUp('Are mast cells involved?')).toBe(true)
    expect(isFollowUp('Is there a strong link?')).toBe(true)
    expect(isFollowUp('Is there a human equivalent?')).toBe(true)
    expect(isFollowUp('How many volunteers took part?')).toBe(true)
    expect(isFollowUp('Which patients benefited most?')).toBe(true)
    // Both sides named: a question of its own.
    expect(isFollowUp('What role do gut bacteria play in obesity?')).toBe(false)
    expect(isFollowUp('Is obesity linked to asthma?')).toBe(false)
  })

  it('reads "this year" as a time, not as pointing back', () => {
    expect(isFollowUp('What is the best smartphone to buy this year?')).toBe(false)
    expect(isFollowUp('Was that trial big?')).toBe(true)
    expect(isFollowUp('By how much did mistakes drop?')).toBe(true)
  })

  it('reads a noun whose referent is unsaid as pointing back, unless "of" names it', () => {
    expect(isFollowUp('Were the results significant?')).toBe(true)
    expect(isFollowUp('What are the side effects?')).toBe(true)
    expect(isFollowUp('What are the side effects of statins?')).toBe(false)
    expect(isFollowUp('What is the effect of vitamin D on bone density?')).toBe(false)
  })

  it('tells a first question that points back and names nothing from one that names its subject', () => {
    expect(pointsToNothingSaid('Were the results significant?')).toBe(true)
    expect(pointsToNothingSaid('Which treatment works best?')).toBe(true)
    expect(pointsToNothingSaid('How many participants were enrolled?')).toBe(true)
    expect(pointsToNothingSaid('Were the results with statins significant?')).toBe(false)
    expect(pointsToNothingSaid('Which statin works best?')).toBe(false)
    // A study's part named as if known, with nothing of its own named.
    expect(pointsToNothingSaid('Does the drug work?')).toBe(true)
    expect(pointsToNothingSaid('What are the limitations?')).toBe(true)
    expect(pointsToNothingSaid('What did they conclude?')).toBe(true)
    expect(pointsToNothingSaid('What effects did the treatment have on patients?')).toBe(true)
    expect(pointsToNothingSaid('What dose is recommended?')).toBe(true)
    expect(pointsToNothingSaid('Which dosage is recommended?')).toBe(true)
    expect(isFollowUp('What dose is recommended?')).toBe(true)
    // What a study found, asked of none named.
    expect(pointsToNothingSaid('Were there side effects?')).toBe(true)
    expect(pointsToNothingSaid('Any benefit?')).toBe(true)
    expect(isFollowUp('Were there side effects?')).toBe(true)
    expect(pointsToNothingSaid('Were there side effects of aspirin?')).toBe(false)
    // ...unless what follows names its object, or the question names a subject.
    expect(pointsToNothingSaid('What is the treatment for back pain?')).toBe(false)
    expect(pointsToNothingSaid('What are the limitations of randomized trials?')).toBe(false)
    expect(pointsToNothingSaid('Does the drug metformin work?')).toBe(false)
    expect(pointsToNothingSaid('What dose of vitamin D is recommended?')).toBe(false)
    expect(pointsToNothingSaid('Which drugs lower blood pressure?')).toBe(false)
    expect(pointsToNothingSaid('How do I calculate sample size?')).toBe(false)
    // One word is a topic, not a pointer.
    expect(pointsToNothingSaid('statins')).toBe(false)
    expect(pointsToNothingSaid('cancer')).toBe(false)
  })

  it('reads "that" as pointing back only where it cannot open a clause', () => {
    expect(isFollowUp('Why would that be?')).toBe(true)
    expect(isFollowUp('Which proteins govern that step?')).toBe(true)
    expect(isFollowUp('Is there evidence for that?')).toBe(true)
    expect(isFollowUp('Do daf-2 mutants hold on to that ability longer?')).toBe(true)
    // A relative clause or a reported claim: a question of its own.
    expect(
      isFollowUp('Do housing prices rise faster in cities that restrict new construction?'),
    ).toBe(false)
    expect(isFollowUp('Is there evidence that statins prevent dementia?')).toBe(false)
  })

  it("marks the carried topic so a question's own parenthesis is never read as one", () => {
    const asked = 'Cells expand cardiovascular progenitor cells (CPCs)'
    expect(carriedTopicOf(asked)).toBeNull()
    expect(carriedTopicOf(withCarried('And in men?', 'vitamin D'))).toEqual({
      asked: 'And in men?',
      carried: 'vitamin D',
    })
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
