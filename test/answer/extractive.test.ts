import { describe, expect, it } from 'vitest'
import { extractiveAnswer, titlesOnly } from '../../workers/answer/extractive'
import { aRankedSource } from './builders'

describe('offline extractive answer', () => {
  const sources = [
    aRankedSource(1, {
      snippet:
        'Vitamin D supplementation did not reduce fractures in older adults. The trial enrolled 25,000 people [12]. Funding came from public grants.',
    }),
    aRankedSource(2, {
      snippet:
        'Calcium intake is linked to bone density. Vitamin D helps calcium absorption in the gut.',
    }),
  ]

  it('quotes every sentence verbatim from the source it cites, attributed to that source', () => {
    const pieces = extractiveAnswer('Does vitamin D reduce fractures?', sources)
    expect(pieces.length).toBeGreaterThan(0)
    let source = 0
    for (const piece of pieces) {
      const match = /^\s*(?:\[(\d)\] \w+: )?“(.+)”$/s.exec(piece)
      expect(match).not.toBeNull()
      if (match?.[1]) source = Number(match[1])
      expect(sources[source - 1]?.snippet.replace(' [12]', '')).toContain(match?.[2])
    }
  })

  it('prefers sentences that share words with the question', () => {
    const text = extractiveAnswer('Does vitamin D reduce fractures?', sources).join('')
    expect(text).toContain('did not reduce fractures')
    expect(text).not.toContain('Funding came from public grants')
  })

  it('strips the sources own reference markers so they cannot pose as citations', () => {
    const text = extractiveAnswer('How many people did the vitamin D trial enrol?', sources).join(
      '',
    )
    expect(text).not.toContain('[12]')
  })

  it('returns nothing without sources', () => {
    expect(extractiveAnswer('anything', [])).toEqual([])
  })

  it('names by title, as only that, the sources whose sentences cannot stand alone', () => {
    const labels = [
      aRankedSource(1, {
        title: 'Use of macrolides and risk of infantile hypertrophic pyloric stenosis',
        snippet: 'OBJECTIVE To assess the association. RESULTS 880 infants developed IHPS.',
      }),
      aRankedSource(2, { title: 'Sperm DNA methylation', snippet: 'However, it rose with age.' }),
    ]
    const question = 'Is erythromycin use linked to hypertrophic pyloric stenosis?'
    expect(extractiveAnswer(question, labels)).toEqual([])
    const pieces = titlesOnly(question, labels)
    expect(pieces[0]).toMatch(/^No sentence of the sources found can be quoted on its own/)
    // Only a title naming part of the question is shown.
    expect(pieces.slice(1)).toEqual([
      '\n\n[1] is titled “Use of macrolides and risk of infantile hypertrophic pyloric stenosis”.',
    ])
    expect(titlesOnly('autism', labels)).toEqual([])
  })
})
