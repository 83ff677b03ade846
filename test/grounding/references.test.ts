// References through citation-js: APA 7 entries, author–year citations and BibTeX from a
// source's metadata; a reference missing fields says so instead of inventing them.
import { describe, expect, it } from 'vitest'
import {
  apaReference,
  apaReferences,
  attributionOf,
  authorYearCitations,
  bibtexOf,
  type ReferenceMetadata,
} from '../../workers/grounding'

function aWork(fields: Partial<ReferenceMetadata>): ReferenceMetadata {
  return {
    id: 'w1',
    title: 'Untitled',
    authors: [],
    year: null,
    venue: null,
    doi: null,
    url: null,
    arxiv: null,
    kind: 'crossref',
    verified: true,
    ...fields,
  }
}

const journal = aWork({
  id: 'ropensci',
  title: 'An introduction to rOpenSci.',
  authors: ['Carl Boettiger', 'Scott Chamberlain', 'Karthik Ram'],
  year: 2015,
  venue: 'Ecology Letters',
  doi: '10.1111/ele.12345',
})

// citeproc builds the APA style once per isolate: slow on a loaded machine.
describe('references through citation-js', { timeout: 60_000 }, () => {
  it('formats a journal article in APA 7 without doubling the title’s full stop', async () => {
    expect(await apaReference(journal)).toBe(
      'Boettiger, C., Chamberlain, S., & Ram, K. (2015). An introduction to rOpenSci. *Ecology Letters*. https://doi.org/10.1111/ele.12345',
    )
  })

  it('formats an arXiv preprint with its id and URL', async () => {
    const entry = await apaReference(
      aWork({
        title: 'Attention is all you need',
        authors: ['Ashish Vaswani'],
        year: 2017,
        venue: 'arXiv',
        url: 'https://arxiv.org/abs/1706.03762',
        arxiv: '1706.03762',
        kind: 'arxiv',
      }),
    )
    expect(entry).toBe(
      'Vaswani, A. (2017). *Attention is all you need* (Preprint arXiv:1706.03762). arXiv. https://arxiv.org/abs/1706.03762',
    )
  })

  it('names what a reference lacks and marks it incomplete in BibTeX', async () => {
    const bare = aWork({ id: 'bare', title: 'Whole genomes of yeast.', kind: 'corpus' })
    const [entry] = await apaReferences([bare])
    expect(entry?.apa).toBe('*Whole genomes of yeast*. (n.d.).')
    expect(entry?.missing).toEqual(['authors', 'year', 'venue', 'DOI or URL'])
    const bib = await bibtexOf([bare, journal])
    expect(bib).toContain('note = {metadata incomplete}')
    expect(bib).toContain('title = {Whole genomes of yeast}')
    expect(bib).toMatch(/@article\{boettiger2015,[\s\S]*doi = \{10\.1111\/ele\.12345\}/)
    expect(bib).toContain('journal = {Ecology Letters}')
  })

  it('writes author–year citations, disambiguating one author’s works of one year', async () => {
    const second = { ...journal, id: 'second', title: 'A second paper' }
    const cites = await authorYearCitations(
      [journal, second, aWork({ id: 'anon', title: 'Sleep and memory consolidation in adults' })],
      [['ropensci'], ['second', 'ropensci'], ['anon'], ['missing']],
    )
    expect(cites).toEqual([
      // citeproc orders the two works by title ("A second…" before "An introduction…").
      '(Boettiger et al., 2015b)',
      '(Boettiger et al., 2015a, 2015b)',
      '(Sleep and Memory Consolidation, n.d.)',
      '',
    ])
  })

  it('names authors as prose does', () => {
    expect(attributionOf(['Carl Boettiger'])).toEqual({ subject: 'Boettiger', plural: false })
    expect(attributionOf(['Carl Boettiger', 'Ludwig van Beethoven'])).toEqual({
      subject: 'Boettiger and van Beethoven',
      plural: true,
    })
    expect(attributionOf(journal.authors).subject).toBe('Boettiger et al.')
    expect(attributionOf([]).subject).toBe('One study')
  })
})
