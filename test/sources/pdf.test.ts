import { beforeAll, describe, expect, it } from 'vitest'
import { ProviderError, ValidationError } from '../../workers/errors'
import {
  createSafeFetch,
  extractPdfPages,
  fetchPdf,
  PdfParseError,
  type PdfPage,
} from '../../workers/sources'
import { headersOf, pdfFixture, scriptedFetch, testConfig, textResponse } from './helpers'

const PDFS = [
  'grobid_arXiv-0908.0054v1',
  'scienceparse_arXiv-1504.06236v2',
  'paperqa_pasa_arXiv-2501.10120',
]
const extracted = new Map<string, PdfPage[]>()

beforeAll(async () => {
  for (const name of PDFS) extracted.set(name, await extractPdfPages(await pdfFixture(name)))
}, 60_000)

const squash = (text: string) => text.replace(/\s+/g, '').toLowerCase()

describe('extractPdfPages on real papers', () => {
  it.each([
    ['grobid_arXiv-0908.0054v1', 4, 'Ultra light bosonic dark matter and CMB'],
    [
      'scienceparse_arXiv-1504.06236v2',
      17,
      'Improving detection of influential nodes in complex networks',
    ],
    [
      'paperqa_pasa_arXiv-2501.10120',
      15,
      'PaSa: An LLM Agent for Comprehensive Academic Paper Search',
    ],
  ])('reads %s page by page with 1-based numbers', (name, pageCount, title) => {
    const pages = extracted.get(name) ?? []
    expect(pages).toHaveLength(pageCount)
    expect(pages.map((p) => p.page)).toEqual(Array.from({ length: pageCount }, (_, i) => i + 1))
    // science-parse's PDF may come out without spaces between words: compare squashed.
    expect(squash(pages[0]?.text ?? '')).toContain(squash(title))
    for (const page of pages) expect(page.text).not.toMatch(/\s{2,}/)
  })

  it("leaves the caller's bytes intact (PDF.js detaches what it is given)", async () => {
    const bytes = await pdfFixture('grobid')
    const before = bytes.byteLength
    await extractPdfPages(bytes)
    expect(bytes.byteLength).toBe(before)
  })

  it('throws PdfParseError for a truncated PDF', async () => {
    const bytes = await pdfFixture('grobid')
    const error = await extractPdfPages(bytes.slice(0, Math.floor(bytes.length / 2))).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(PdfParseError)
    expect(error).toBeInstanceOf(ValidationError)
  })

  it('throws PdfParseError for bytes that are not a PDF', async () => {
    const html = new TextEncoder().encode('<!doctype html><title>Not found</title>')
    await expect(extractPdfPages(html)).rejects.toBeInstanceOf(PdfParseError)
  })
})

describe('fetchPdf', () => {
  it('downloads through the guarded fetch and trusts the %PDF magic over the label', async () => {
    const body = await pdfFixture('grobid')
    const { fetchImpl, calls } = scriptedFetch(
      new Response(body, { headers: { 'content-type': 'application/octet-stream' } }),
    )
    const pages = await fetchPdf(
      createSafeFetch(testConfig(), { fetchImpl }),
      'https://arxiv.org/pdf/0908.0054v1',
    )
    expect(pages[0]?.text).toMatch(/^Ultra light bosonic dark matter/)
    expect(headersOf(calls[0]).accept).toBe('application/pdf')
  })

  it('refuses an HTML page served as application/pdf', async () => {
    const { fetchImpl } = scriptedFetch(
      textResponse('<html>Please log in</html>', 'application/pdf'),
    )
    const safeFetch = createSafeFetch(testConfig(), { fetchImpl })
    await expect(fetchPdf(safeFetch, 'https://example.org/paper.pdf')).rejects.toBeInstanceOf(
      ValidationError,
    )
  })

  it('reports an error status as ProviderError("fetch")', async () => {
    const { fetchImpl } = scriptedFetch(textResponse('gone', 'text/plain', 404))
    const safeFetch = createSafeFetch(testConfig(), { fetchImpl })
    const error = await fetchPdf(safeFetch, 'https://example.org/paper.pdf').catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ProviderError)
    expect(error).toMatchObject({ provider: 'fetch', details: { status: 404 } })
  })

  it('refuses a private URL before downloading', async () => {
    const { fetchImpl, calls } = scriptedFetch()
    const safeFetch = createSafeFetch(testConfig(), { fetchImpl })
    await expect(fetchPdf(safeFetch, 'http://10.0.0.2/paper.pdf')).rejects.toBeInstanceOf(
      ValidationError,
    )
    expect(calls).toHaveLength(0)
  })
})
