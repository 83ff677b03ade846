import { describe, expect, it } from 'vitest'
import { lexiconVariations } from '../../workers/retrieval/search/lexicon-variations'
import { porterStem } from '../../workers/grounding'

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

describe('lexicon variations', () => {
  it('writes abbreviations out and long forms short', () => {
    const [alternate] = lexiconVariations('AZT given with ribavirin causes anaemia in HIV')
    expect(alternate).toContain('zidovudine')
    expect(alternate).toContain('human immunodeficiency virus')
    expect(alternate).toContain('anemia')
    expect(lexiconVariations('risk after myocardial infarction')[0]).toContain('MI')
  })

  it('adds synonyms of the query terms', () => {
    const variations = lexiconVariations('statins decrease mortality')
    expect(
      variations.some((v) => v.startsWith('statins decrease mortality') && v.includes('death')),
    ).toBe(true)
  })

  it('spells Greek letters out', () => {
    expect(lexiconVariations('TNF-α signalling')[0]).toContain('alpha')
  })

  it('returns nothing when the lexicon has nothing to add', () => {
    expect(lexiconVariations('quantum chromodynamics lattice')).toEqual([])
  })
})
