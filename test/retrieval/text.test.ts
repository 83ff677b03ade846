import { describe, expect, it } from 'vitest'
import { porterStem } from '../../workers/grounding'
import { wordCounts, wordTokens } from '../../workers/grounding'

describe('Porter stemmer (FTS5 variant)', () => {
  it.each([
    ['caresses', 'caress'],
    ['ponies', 'poni'],
    ['relational', 'relat'],
    ['generalization', 'gener'],
    ['hopping', 'hop'],
    ['filing', 'file'],
    ['happy', 'happi'],
    ['adjustment', 'adjust'],
    ['controlling', 'control'],
    ['14days', '14dai'],
    ['gαs', 'gα'],
    ['is', 'is'],
  ])('%s -> %s', (word, stem) => {
    expect(porterStem(word)).toBe(stem)
  })
})

// wordCounts has no caller left in retrieval (issue 25 removed the pool's BM25); it stays
// for the tokenizer move (issue 26) to keep or drop.
describe('wordCounts', () => {
  it('counts exactly the words wordTokens yields, in any script', () => {
    const texts = [
      'Plain ASCII text, with digits 42 and CAPITALS; twice: text TEXT.',
      'Café naïve résumé — TNF-α and β-cells (p < 0.05) ±2 µm, ΣΑΣ ﬁnal x² 𝑥 句子',
      '',
    ]
    for (const text of texts) {
      const expected = new Map<string, number>()
      for (const t of wordTokens(text)) expected.set(t, (expected.get(t) ?? 0) + 1)
      const got = wordCounts(text)
      expect(got.length).toBe(wordTokens(text).length)
      expect(got.counts).toEqual(expected)
    }
  })
})
