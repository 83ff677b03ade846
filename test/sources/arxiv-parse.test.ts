import { describe, expect, it } from 'vitest'
import { ValidationError } from '../../workers/errors'
import { parseArxivFeed, SourceParseError } from '../../workers/sources'
import { allArxivFixtures, arxivFixture } from './helpers'

const entryCount = (xml: string) => (xml.match(/<entry>/g) ?? []).length

describe('parseArxivFeed on recorded feeds', () => {
  const papersFeeds = allArxivFixtures().filter(([name]) => !name.startsWith('id_abc'))

  it.each(papersFeeds)('reads every entry of %s', (_name, xml) => {
    const papers = parseArxivFeed(xml)
    expect(papers).toHaveLength(entryCount(xml))
    for (const paper of papers) {
      expect(paper.id).not.toMatch(/v\d+$/)
      expect(paper.versionedId).toMatch(/v\d+$/)
      expect(paper.versionedId.startsWith(paper.id)).toBe(true)
      expect(paper.absUrl).toBe(`https://arxiv.org/abs/${paper.versionedId}`)
      expect(paper.pdfUrl).toBe(`https://arxiv.org/pdf/${paper.versionedId}`)
      expect(paper.title).not.toMatch(/\s{2,}|\n/)
      expect(paper.authors.length).toBeGreaterThan(0)
      expect(paper.categories).toContain(paper.primaryCategory)
    }
  })

  it('keeps all 34 authors in order', () => {
    const [paper] = parseArxivFeed(arxivFixture('id_1707.08567'))
    expect(paper?.authors).toHaveLength(34)
    expect(paper?.authors[0]).toBe('Kees A. Schouhamer Immink')
    expect(paper?.authors[33]).toBe('Hirosuke Yamamoto')
    expect(paper?.comment).toBe(
      '44 pages, editors for the proceedings: Yanling Chen and A. J. Han Vinck',
    )
  })

  it('reads a 100-entry search feed in relevance order', () => {
    const papers = parseArxivFeed(arxivFixture('q_testing_s0_m100'))
    expect(papers).toHaveLength(100)
    expect(papers[0]?.id).toBe('2202.12139')
    expect(new Set(papers.map((p) => p.id)).size).toBe(100)
  })

  it('reads DOI, journal reference and dates', () => {
    const [paper] = parseArxivFeed(arxivFixture('q_testing_s0_m10_'))
    expect(paper).toMatchObject({
      id: '2202.12139',
      versionedId: '2202.12139v1',
      doi: '10.1109/ICSTW55395.2022.00035',
      published: '2022-02-24T15:05:19Z',
      updated: '2022-02-24T15:05:19Z',
      categories: ['cs.SE', 'cs.LG'],
      primaryCategory: 'cs.SE',
    })
    expect(paper?.journalRef).toMatch(/^Artificial Intelligence in Software Testing @ 2022 IEEE/)
    expect(paper?.abstract).toMatch(/^Deep Learning \(DL\) has revolutionized/)
  })

  it('gives null for absent DOI, journal reference and comment', () => {
    const [paper] = parseArxivFeed(arxivFixture('id_2104.12255v1'))
    expect(paper).toMatchObject({ doi: null, journalRef: null, comment: null })
  })

  it('keeps a title that looks like a number as text', () => {
    const [paper] = parseArxivFeed(arxivFixture('id_2104.12255v1'))
    expect(paper?.title).toBe('0')
  })

  it('derives https abs and pdf URLs when the links are missing or http', () => {
    const xml = arxivFixture('id_1605.08386')
      .replace(/\s*<link [^>]*title="pdf"\/>/, '')
      .replace(
        'href="https://arxiv.org/abs/1605.08386v1"',
        'href="http://arxiv.org/abs/1605.08386v1"',
      )
    const [paper] = parseArxivFeed(xml)
    expect(paper?.pdfUrl).toBe('https://arxiv.org/pdf/1605.08386v1')
    expect(paper?.absUrl).toBe('https://arxiv.org/abs/1605.08386v1')
  })

  it.each(['id_0000.0000', 'id_0808.05394_s0'])(
    'returns no papers for the empty feed %s',
    (name) => {
      expect(parseArxivFeed(arxivFixture(name))).toEqual([])
    },
  )
})

describe('parseArxivFeed refusals', () => {
  it("refuses arXiv's error entry instead of returning it as a paper", () => {
    let error: unknown
    try {
      parseArxivFeed(arxivFixture('id_abc'))
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).message).toContain('incorrect id format for abc')
  })

  const feed = arxivFixture('q_testing_s0_m10_')

  it.each([
    ['truncated', feed.slice(0, Math.floor(feed.length / 2))],
    ['cut inside a tag', feed.slice(0, feed.indexOf('<summary>') + 5)],
    ['mismatched closing tag', feed.replace('</title>', '</titel>')],
    ['unclosed attribute quote', feed.replace('rel="alternate"', 'rel="alternate')],
    ['not XML', 'Service temporarily unavailable'],
    ['XML that is not a feed', '<html><body><p>Rate limited</p></body></html>'],
  ])('throws SourceParseError and returns nothing for %s XML', (_label, xml) => {
    expect(() => parseArxivFeed(xml)).toThrow(SourceParseError)
  })
})
