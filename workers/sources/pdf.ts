// PDF text per page with unpdf (PDF.js built for serverless runtimes, no worker thread, no
// eval), with line-end hyphenation undone and the first page's title, and PDF download through
// the guarded fetch. Page numbers are 1-based and kept even when empty pages are dropped, so
// citations can say [Title, Page X].
import { getDocumentProxy } from 'unpdf'
import { yieldToRequests } from '../yield'
import { joinHyphenatedLines } from './pdf-hyphens'
import { titleFromFirstPage, type PdfTextItem } from './pdf-title'
import type { SafeFetch } from './safe-fetch-types'
import { assertFetchOk, PdfParseError } from './source-errors'

export interface PdfPage {
  page: number
  text: string
}

const PDF_MAX_BYTES = 15 * 1024 * 1024
const PDF_TIMEOUT_MS = 20_000
const MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d] // "%PDF-"
// The spec lets the header sit anywhere in the first 1024 bytes.
const MAGIC_WINDOW = 1024

export function hasPdfMagic(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, MAGIC_WINDOW) - MAGIC.length
  for (let i = 0; i <= end; i++) {
    if (MAGIC.every((b, j) => bytes[i + j] === b)) return true
  }
  return false
}

/** Ligatures unfolded (NFKC: "ﬁ" -> "fi"), whitespace collapsed. */
function normalisePageText(text: string): string {
  return text.normalize('NFKC').replaceAll('\u0000', '').replace(/\s+/g, ' ').trim()
}

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>

type PageContent = Awaited<
  ReturnType<Awaited<ReturnType<PdfDocument['getPage']>>['getTextContent']>
>

/** One page's text, joined as unpdf's extractText joins it (a line break after each line). */
function pageText(content: PageContent): string {
  return content.items
    .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
    .join('')
}

function textItems(content: PageContent): PdfTextItem[] {
  return content.items.flatMap((item) => ('str' in item ? [item] : []))
}

/**
 * Every page's text and the first page's title. unpdf reads every page at once (Promise.all),
 * which held the isolate ~1.2 s for a 15-page paper; page by page with a yield between pages,
 * no stretch holds it more than about one page's worth.
 */
async function readPages(copy: Uint8Array): Promise<{ pages: string[]; title: string | null }> {
  const document = await getDocumentProxy(copy, { verbosity: 0 })
  try {
    const pages: string[] = []
    let title: string | null = null
    for (let n = 1; n <= document.numPages; n++) {
      if (n > 1) await yieldToRequests()
      const page = await document.getPage(n)
      const content = await page.getTextContent()
      if (n === 1) title = titleFromFirstPage(textItems(content), page.view)
      pages.push(pageText(content))
    }
    return { pages, title }
  } finally {
    await document.destroy()
  }
}

export interface PdfText {
  /** Every non-empty page, numbered from 1. */
  pages: PdfPage[]
  /** The title its first page shows in its largest type, when that reads like a title. */
  title: string | null
}

/** A PDF's text and title. Unreadable bytes throw PdfParseError (a ValidationError). */
export async function readPdf(bytes: Uint8Array): Promise<PdfText> {
  if (!hasPdfMagic(bytes)) throw new PdfParseError('Not a PDF (no %PDF- header)')
  let read: Awaited<ReturnType<typeof readPages>>
  try {
    // PDF.js transfers (detaches) the buffer it is given: hand it a copy, keep the caller's.
    read = await readPages(bytes.slice())
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'unknown error'
    throw new PdfParseError(`Unreadable PDF: ${reason}`, { cause: error })
  }
  const pages = joinHyphenatedLines(read.pages)
    .map((text, index) => ({ page: index + 1, text: normalisePageText(text) }))
    .filter((p) => p.text.length > 0)
  return { pages, title: read.title }
}

/** Text of every non-empty page (see readPdf). */
export async function extractPdfPages(bytes: Uint8Array): Promise<PdfPage[]> {
  return (await readPdf(bytes)).pages
}

/** Downloads a PDF's bytes (up to 15 MiB, 20 s); an answer that is not a PDF is refused. */
export async function downloadPdf(
  safeFetch: SafeFetch,
  url: string,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  const response = await safeFetch(url, {
    signal,
    maxBytes: PDF_MAX_BYTES,
    timeoutMs: PDF_TIMEOUT_MS,
    headers: { accept: 'application/pdf' },
  })
  assertFetchOk(response)
  // The magic number decides, not the label: servers send PDFs as octet-stream and HTML
  // error pages as application/pdf.
  if (!hasPdfMagic(response.body)) {
    throw new PdfParseError(
      `Not a PDF (${response.contentType || 'no content type'}): ${url.slice(0, 120)}`,
      {
        details: { contentType: response.contentType },
      },
    )
  }
  return response.body
}

/** Downloads a PDF (see downloadPdf) and extracts its pages. */
export async function fetchPdf(
  safeFetch: SafeFetch,
  url: string,
  signal?: AbortSignal,
): Promise<PdfPage[]> {
  return extractPdfPages(await downloadPdf(safeFetch, url, signal))
}
