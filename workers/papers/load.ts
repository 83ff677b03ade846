// Loading a paper: its PDF (fetched through the guarded fetch, or uploaded) is kept in R2, and
// its pages are chunked per page (the papers preset, 768/128 tokens; each chunk keeps its page
// number) and indexed into the session's paper namespace. One paper failing never stops the
// others.
import { indexDocuments, type IndexDeps, type SourceInput } from '../retrieval'
import { downloadPdf, extractPdfPages, type PdfPage, type SafeFetch } from '../sources'
import { paperNamespace } from './namespace'
import type { PaperRecord } from './paper-store'

export interface PaperToLoad {
  id: string
  title: string
  arxivId: string | null
  pdfUrl: string | null
  authors: string[]
  year: number | null
  abstract: string | null
  absUrl: string | null
}

export interface LoadPorts {
  index: IndexDeps
  safeFetch: SafeFetch
  /** Records each status change (queued -> loading -> loaded | failed) for GET /papers/:session. */
  record: (paper: PaperRecord) => Promise<unknown>
  /** Keeps the PDF's bytes (R2) so its pages open after a reload. */
  storePdf: (paper: PaperToLoad, bytes: Uint8Array) => Promise<void>
}

interface RecordFields {
  pages?: number
  error?: string
  stored?: boolean
}

export function recordOf(
  paper: PaperToLoad,
  status: PaperRecord['status'],
  fields: RecordFields = {},
): PaperRecord {
  return {
    id: paper.id,
    title: paper.title,
    status,
    pages: fields.pages ?? 0,
    ...(fields.error ? { error: fields.error } : {}),
    pdf_url: paper.pdfUrl,
    arxiv_id: paper.arxivId,
    stored: fields.stored ?? false,
  }
}

function sourceOf(paper: PaperToLoad): SourceInput {
  return {
    kind: paper.arxivId ? 'arxiv' : 'pdf',
    externalId: paper.arxivId ?? paper.id,
    title: paper.title,
    authors: paper.authors,
    year: paper.year,
    url: paper.absUrl ?? paper.pdfUrl,
    pdfUrl: paper.pdfUrl,
    abstract: paper.abstract,
  }
}

/** Indexes already-extracted pages; returns the index counts. */
async function indexPaper(
  index: IndexDeps,
  sessionId: string,
  paper: PaperToLoad,
  pages: PdfPage[],
  signal?: AbortSignal,
) {
  return indexDocuments(
    index,
    {
      source: sourceOf(paper),
      documents: [
        { title: paper.title, pages: pages.map((p) => ({ page: p.page, text: p.text })) },
      ],
      namespace: paperNamespace(sessionId),
      preset: 'papers',
    },
    signal,
  )
}

/** Indexes already-extracted pages; returns the number of pages kept. */
export async function indexPaperPages(
  index: IndexDeps,
  sessionId: string,
  paper: PaperToLoad,
  pages: PdfPage[],
  signal?: AbortSignal,
): Promise<number> {
  await indexPaper(index, sessionId, paper, pages, signal)
  return pages.length
}

/**
 * Fetches, keeps (R2), parses and indexes one paper, recording `loading` then `loaded`; any
 * failure is thrown for the ingest queue to retry, or to record when it gives up.
 */
export async function loadPaperOrThrow(
  ports: LoadPorts,
  sessionId: string,
  paper: PaperToLoad,
  signal?: AbortSignal,
) {
  await ports.record(recordOf(paper, 'loading'))
  if (!paper.pdfUrl) throw new Error('no PDF link for this paper')
  const bytes = await downloadPdf(ports.safeFetch, paper.pdfUrl, signal)
  await ports.storePdf(paper, bytes)
  await ports.record(recordOf(paper, 'loading', { stored: true }))
  const pages = await extractPdfPages(bytes)
  if (pages.length === 0) throw new Error('the PDF has no extractable text')
  const counts = await indexPaper(ports.index, sessionId, paper, pages, signal)
  const record = recordOf(paper, 'loaded', { pages: pages.length, stored: true })
  await ports.record(record)
  return { record, counts }
}

export function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message.slice(0, 300) || 'unknown error'
}
