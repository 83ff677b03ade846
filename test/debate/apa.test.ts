// APA 7 entries formatted by Quire from source metadata.
import { describe, expect, it } from 'vitest'
import { apaAuthor, formatApa } from '../../workers/debate'

describe('APA 7 references', () => {
  it('inverts names to family name and initials', () => {
    expect(apaAuthor('Ashish Vaswani')).toBe('Vaswani, A.')
    expect(apaAuthor('Jean-Paul Sartre')).toBe('Sartre, J.-P.')
    expect(apaAuthor('Ludwig van Beethoven')).toBe('van Beethoven, L.')
    expect(apaAuthor('Boettiger, Carl')).toBe('Boettiger, C.')
  })

  it('formats a journal article with DOI', () => {
    const entry = formatApa({
      title: 'An introduction to rOpenSci',
      authors: ['Carl Boettiger', 'Scott Chamberlain', 'Karthik Ram'],
      year: 2015,
      venue: 'Ecology Letters',
      doi: '10.1111/ele.12345',
      url: null,
      kind: 'crossref',
    })
    expect(entry).toBe(
      'Boettiger, C., Chamberlain, S., & Ram, K. (2015). An introduction to rOpenSci. *Ecology Letters*. https://doi.org/10.1111/ele.12345',
    )
  })

  it('formats an arXiv preprint with its URL', () => {
    const entry = formatApa({
      title: 'Attention is all you need',
      authors: ['Ashish Vaswani'],
      year: 2017,
      venue: 'arXiv',
      doi: null,
      url: 'https://arxiv.org/abs/1706.03762',
      kind: 'arxiv',
    })
    expect(entry).toBe(
      'Vaswani, A. (2017). *Attention is all you need* [Preprint]. arXiv. https://arxiv.org/abs/1706.03762',
    )
  })

  it('puts the title first and n.d. when author and year are missing', () => {
    const entry = formatApa({
      title: 'Untitled note',
      authors: [],
      year: null,
      venue: null,
      doi: null,
      url: null,
      kind: 'web',
    })
    expect(entry).toBe('Untitled note. (n.d.).')
  })
})
