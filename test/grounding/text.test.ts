// The one text stack: sentences through Intl.Segmenter (checked on real SciFact abstracts,
// ODC-By 1.0, Wadden et al. 2020), and the grounding terms on FTS5's tokens and stems.
import { describe, expect, it } from 'vitest'
import {
  contentStems,
  contentTerms,
  porterStem,
  splitSentences,
  termOf,
  wordsOf,
} from '../../workers/grounding'

describe('splitSentences', () => {
  it('keeps "vs." and the numbers after it inside one sentence (SciFact 2242416)', () => {
    const text =
      'Macrophage infiltration in the tumor tissue was significantly lower in trained mice ' +
      '(0.65 +/- 0.16 vs. 1.78 +/- 0.43 macrophages x 10(3) in the sedentary group). ' +
      'Moreover, neutrophil accumulation in tumors was slightly reduced after exercise training.'
    expect(splitSentences(text)).toEqual([
      'Macrophage infiltration in the tumor tissue was significantly lower in trained mice ' +
        '(0.65 +/- 0.16 vs. 1.78 +/- 0.43 macrophages x 10(3) in the sedentary group).',
      'Moreover, neutrophil accumulation in tumors was slightly reduced after exercise training.',
    ])
  })

  it('keeps "i.e." and "Fig. 1" inside their sentences (SciFact 7151961, 30655442)', () => {
    const annealing =
      'Here we describe the actions of human RAD52 protein in a model system for single-strand ' +
      'annealing (SSA) using tailed (i.e. exonuclease resected) duplex DNA molecules. Purified ' +
      'human RAD52 protein binds resected DSBs.'
    expect(splitSentences(annealing)).toHaveLength(2)
    const embl =
      'DNA and RNA sequences are directly submitted from researchers and collected from the ' +
      'scientific literature and patent applications (Fig. 1). In collaboration with DDBJ and ' +
      'GenBank the database is produced.'
    expect(splitSentences(embl)[0]).toMatch(/\(Fig\. 1\)\.$/)
  })

  it('ends a sentence at "?" and rejoins "et al." with what follows (SciFact 19079491, 8721150)', () => {
    expect(
      splitSentences('To live or to die? This crucial question reflects the dual role.'),
    ).toEqual(['To live or to die?', 'This crucial question reflects the dual role.'])
    const pdb =
      'The Protein Data Bank [PDB; Berman, Westbrook et al. (2000), Nucleic Acids Res. 28] is the ' +
      'single worldwide archive. Many secondary sources are derived from PDB data.'
    expect(splitSentences(pdb)).toHaveLength(2)
  })

  it('reads single line breaks as wrapped lines and blank lines as paragraph ends', () => {
    expect(
      splitSentences('Statins lower\nLDL cholesterol.\n\nHeading without a stop\n\nNext one.'),
    ).toEqual(['Statins lower LDL cholesterol.', 'Heading without a stop', 'Next one.'])
  })
})

describe('grounding terms', () => {
  it('stems as the FTS5 index does (Porter on FTS5 tokens)', () => {
    expect(contentTerms('Causes of diseases')).toEqual([
      porterStem('causes'),
      porterStem('diseases'),
    ])
    expect(wordsOf('IL-6 and TNF-α')).toEqual(['IL', '6', 'and', 'TNF', 'α'])
  })

  it('keeps a lone capital that names a thing and drops question words retrieval keeps', () => {
    expect(termOf('D')).toBe('d')
    expect(termOf('a')).toBe('')
    expect(contentTerms('Please explain why vitamin D matters')).toEqual(['vitamin', 'd', 'matter'])
    expect(contentStems('Please explain why vitamin D matters')).toContain('explain')
  })

  it('reads list labels as no term, and the numerals of names as terms', () => {
    expect(contentTerms('its (i) ease, (ii) cost and (b) speed')).toEqual(['eas', 'cost', 'speed'])
    expect(contentTerms('veterans of World War II')).toContain('ii')
    expect(contentTerms('iron(II) and type II diabetes')).toEqual([
      'iron',
      'ii',
      'type',
      'ii',
      'diabet',
    ])
  })
})
