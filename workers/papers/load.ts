// Loading a paper: its PDF's pages (fetched through the guarded fetch, or uploaded) are
// chunked per page (the papers preset, 768/128 tokens; each chunk keeps its page number) and
// indexed into the session's paper namespace. One paper failing never stops the others.
import { indexDocuments, type IndexDeps, type SourceInput } from '../retrieval'
import { fetchPdf, type PdfPage, type SafeFetch } from '../sources'
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
}

function recordOf(
  paper: PaperToLoad,
  status: PaperRecord['status'],
  pages = 0,
  error?: string,
): PaperRecord {
  return {
    id: paper.id,
    title: paper.title,
    status,
    pages,
    ...(error ? { error } : {}),
    pdf_url: paper.pdfUrl,
    arxiv_id: paper.arxivId,
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

/** Indexes already-extracted pages; returns the number of pages kept. */
export async function indexPaperPages(
  index: IndexDeps,
  sessionId: string,
  paper: PaperToLoad,
  pages: PdfPage[],
  signal?: AbortSignal,
): Promise<number> {
  await indexDocuments(
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
  return pages.length
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message.slice(0, 300) || 'unknown error'
}

/** Loads each paper in turn; returns every paper's final record. */
export async function loadPapers(
  ports: LoadPorts,
  sessionId: string,
  papers: PaperToLoad[],
  signal?: AbortSignal,
): Promise<PaperRecord[]> {
  for (const paper of papers) await ports.record(recordOf(paper, 'queued'))
  const done: PaperRecord[] = []
  for (const paper of papers) {
    await ports.record(recordOf(paper, 'loading'))
    let final: PaperRecord
    try {
      if (!paper.pdfUrl) throw new Error('no PDF link for this paper')
      const pages = await fetchPdf(ports.safeFetch, paper.pdfUrl, signal)
      if (pages.length === 0) throw new Error('the PDF has no extractable text')
      final = recordOf(
        paper,
        'loaded',
        await indexPaperPages(ports.index, sessionId, paper, pages, signal),
      )
    } catch (error) {
      final = recordOf(paper, 'failed', 0, reasonOf(error))
    }
    await ports.record(final)
    done.push(final)
  }
  return done
}
