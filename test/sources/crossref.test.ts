import { describe, expect, it } from 'vitest'
import { ProviderError, ValidationError } from '../../workers/errors'
import { createScholarlyClients, normaliseDoi, SourceParseError } from '../../workers/sources'
import { parseWork, parseWorkList } from '../../workers/sources/crossref-parse'
import { cleanAbstract } from '../../workers/sources/markup-text'
import {
  crossrefFixture,
  crossrefJson,
  fakeClock,
  headersOf,
  scriptedFetch,
  testConfig,
  textResponse,
} from './helpers'

describe('Crossref parsing of recorded responses', () => {
  it('reads a search with JATS abstracts into clean works', () => {
    const works = parseWorkList(crossrefJson('habanero_works_query-ecology_author-boettiger'))
    expect(works).toHaveLength(20)
    const withAbstract = works.filter((w) => w.abstract)
    expect(withAbstract).toHaveLength(15)
    for (const work of withAbstract) {
      expect(work.abstract).not.toMatch(/<|&[a-z]+;|^(abstract|summary)\b/i)
      expect(work.abstract).not.toMatch(/[ \t]{2,}/)
    }
  })

  it('removes the Abstract heading and keeps section titles as lead-ins', () => {
    const [work] = parseWorkList(crossrefJson('paperqa_works_query.title-paperqa'))
    expect(work).toMatchObject({
      doi: '10.1093/jamiaopen/ooae021',
      title: 'Retrieval augmented scientific claim verification',
      year: 2024,
      venue: 'JAMIA Open',
      type: 'journal-article',
      url: 'https://doi.org/10.1093/jamiaopen/ooae021',
    })
    expect(work?.authors.slice(0, 2)).toEqual(['Hao Liu', 'Ali Soroush'])
    expect(work?.abstract?.split('\n\n').slice(0, 2)).toEqual([
      'Objective: To automate scientific claim verification using PubMed abstracts.',
      expect.stringMatching(/^Materials and Methods: We developed CliVER/),
    ])
  })

  it('reads HTML abstracts too', () => {
    const works = parseWorkList(crossrefJson('habanero_works_query-ecology_rows2'))
    expect(works[0]?.abstract).toMatch(/^Communication is perhaps the most important/)
  })

  it('reads a select=DOI,title response that carries no types', () => {
    const works = parseWorkList(crossrefJson('habanero_works_query-ecology_select'))
    expect(works).toHaveLength(20)
    expect(works[0]).toMatchObject({
      doi: '10.1093/obo/9780199830060-0238',
      title: 'Communicating Ecology',
      type: '',
    })
  })

  it('reads a sample=5 response', () => {
    const works = parseWorkList(crossrefJson('habanero_works_sample5'))
    expect(works.map((w) => w.type)).toEqual([
      'journal-article',
      'journal-article',
      'journal-article',
      'proceedings-article',
      'journal-article',
    ])
  })

  it('reads a single proceedings-article work, not mistaking its deposit date for a year', () => {
    const work = parseWork(crossrefJson('habanero_works_doi-10.1109'))
    expect(work).toMatchObject({
      doi: '10.1109/icdcsw.2003.1203662',
      title: 'Accurate and explicit differentiation of wireless and congestion losses',
      authors: ['V. Arya', 'T. Turletti'],
      type: 'proceedings-article',
      abstract: null,
    })
    // Only `created` (the 2004 deposit) is dated; `issued` is [[null]].
    expect(work.year).toBeNull()
    expect(work.venue).toMatch(/^23rd International Conference on Distributed Computing/)
  })

  it('reads an empty result', () => {
    expect(parseWorkList(crossrefJson('paperqa_works_query.title-nonsense'))).toEqual([])
  })

  it('gives a year of null when Crossref only has null date parts', () => {
    const works = parseWorkList(crossrefJson('habanero_works_query-widget_cursor-page1'))
    expect(works.some((w) => w.year === null)).toBe(true)
  })

  it('throws SourceParseError on a body of the wrong shape', () => {
    expect(() => parseWorkList({ status: 'ok', 'message-type': 'work', message: {} })).toThrow(
      SourceParseError,
    )
  })
})

describe('cleanAbstract', () => {
  it('strips markup, decodes entities and drops a plain "Abstract:" heading', () => {
    expect(cleanAbstract('<p>Abstract: Heat &amp; mass <i>transfer</i>&#160;in   pipes.</p>')).toBe(
      'Heat & mass transfer in pipes.',
    )
    expect(cleanAbstract('<jats:title>ABSTRACT</jats:title><jats:p>  </jats:p>')).toBeNull()
  })
})

function crossref(...replies: Parameters<typeof scriptedFetch>) {
  const clock = fakeClock()
  const scripted = scriptedFetch(...replies)
  const { crossref: client } = createScholarlyClients(testConfig(), {
    fetchImpl: scripted.fetchImpl,
    now: clock.now,
    sleep: clock.sleep,
  })
  return { client, ...scripted }
}

const json = (prefix: string, status = 200) =>
  textResponse(crossrefFixture(prefix), 'application/json', status)

describe('Crossref client', () => {
  it('searches politely and keeps only journal and proceedings articles', async () => {
    const { client, calls } = crossref(json('habanero_works_query-widget_cursor-page1'))
    const works = await client.search('widget', { rows: 20 })
    expect(works.map((w) => w.type)).toEqual(['proceedings-article', 'journal-article'])
    const url = new URL(calls[0]?.url ?? '')
    expect(url.pathname).toBe('/works')
    expect(url.searchParams.get('query')).toBe('widget')
    expect(url.searchParams.get('rows')).toBe('20')
    expect(url.searchParams.get('mailto')).toBe('tests@quire.invalid')
    expect(url.searchParams.get('filter')).toBe('type:journal-article,type:proceedings-article')
    expect(headersOf(calls[0])['user-agent']).toContain('mailto:tests@quire.invalid')
  })

  it('drops the mixed types of a second page', async () => {
    const { client } = crossref(json('habanero_works_query-widget_cursor-page2'))
    const works = await client.search('widget')
    expect(works.length).toBe(4)
    expect(
      works.every((w) => w.type === 'journal-article' || w.type === 'proceedings-article'),
    ).toBe(true)
  })

  it('looks up a DOI given as a URL', async () => {
    const { client, calls } = crossref(json('habanero_works_doi-10.1109'))
    const work = await client.byDoi('https://doi.org/10.1109/ICDCSW.2003.1203662')
    expect(work?.title).toMatch(/^Accurate and explicit/)
    expect(new URL(calls[0]?.url ?? '').pathname).toBe('/works/10.1109%2FICDCSW.2003.1203662')
  })

  it("returns null for Crossref's plain-text 404", async () => {
    const { client } = crossref(
      textResponse(crossrefFixture('paperqa_works_doi-10.48550'), 'text/plain', 404),
    )
    expect(await client.byDoi('10.48550/arXiv.2312.07559')).toBeNull()
  })

  it('refuses a string that is not a DOI without calling Crossref', async () => {
    const { client, calls } = crossref()
    await expect(client.byDoi('notarealdoi')).rejects.toBeInstanceOf(ValidationError)
    expect(calls).toHaveLength(0)
    expect(normaliseDoi('doi:10.1000/xyz')).toBe('10.1000/xyz')
  })

  it("turns Crossref's 400 validation failure into a ValidationError with its messages", async () => {
    const { client } = crossref(json('habanero_works_doi-with-query_400', 400))
    const error = await client.search('ecology').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ValidationError)
    expect(error).toMatchObject({
      details: {
        provider: 'crossref',
        messages: ['This route does not support field query parameters'],
      },
    })
  })

  it('fails with ProviderError("crossref") when Crossref keeps failing', async () => {
    const down = () => textResponse('oops', 'text/html', 500)
    const { client } = crossref(down, down, down)
    await expect(client.search('ecology')).rejects.toMatchObject({ provider: 'crossref' })
    await expect(client.search('ecology')).rejects.toBeInstanceOf(Error)
  })

  it('reports a non-JSON success body as a typed parse error', async () => {
    const { client } = crossref(textResponse('<html>maintenance</html>', 'text/html'))
    const error = await client.search('ecology').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SourceParseError)
    expect(error).toBeInstanceOf(ProviderError)
  })
})
