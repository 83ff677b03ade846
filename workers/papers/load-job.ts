// The paper_pdf ingest job: POST /api/papers/load queues one per paper, and the ingest queue's
// consumer runs it here (fetch -> keep in R2 -> parse -> index), recording each status in the
// session. Ingest retries transient failures; when it gives up, `fail` marks the paper failed.
import { callOperation } from '../http'
import { type ExternalJobRunner, type JobContext, type PaperPdfJob } from '../ingest'
import { openSession } from '../session'
import { loadPaperOrThrow, recordOf, type LoadPorts, type PaperToLoad } from './load'
import { paperNamespace } from './namespace'
import { paperOperations } from './operations'
import { putPaperPdf } from './pdf-store'

export function paperJobOf(sessionId: string, paper: PaperToLoad): PaperPdfJob {
  return {
    type: 'paper_pdf',
    namespace: paperNamespace(sessionId),
    session_id: sessionId,
    paper: {
      id: paper.id,
      title: paper.title,
      arxiv_id: paper.arxivId,
      pdf_url: paper.pdfUrl,
      authors: paper.authors,
      year: paper.year,
      abstract: paper.abstract,
      abs_url: paper.absUrl,
    },
  }
}

function paperOf(job: PaperPdfJob): PaperToLoad {
  const p = job.paper
  return {
    id: p.id,
    title: p.title,
    arxivId: p.arxiv_id,
    pdfUrl: p.pdf_url,
    authors: p.authors,
    year: p.year,
    abstract: p.abstract,
    absUrl: p.abs_url,
  }
}

function portsFor(deps: JobContext['deps'], sessionId: string): LoadPorts {
  const stub = openSession(deps, sessionId)
  return {
    index: { db: deps.db, embedder: deps.embedder, vectors: deps.vectors },
    safeFetch: deps.safeFetch,
    storePdf: (paper, bytes) =>
      putPaperPdf({ bucket: deps.papersPdf, sessionId, paperId: paper.id }, bytes),
    record: (paper) => callOperation(stub, paperOperations.put, paper),
  }
}

export const paperPdfRunner: ExternalJobRunner<PaperPdfJob> = {
  async run(job, ctx) {
    const ports = portsFor(ctx.deps, job.session_id)
    return (await loadPaperOrThrow(ports, job.session_id, paperOf(job), ctx.signal)).counts
  },
  async fail(job, reason, ctx) {
    const ports = portsFor(ctx.deps, job.session_id)
    await ports.record(recordOf(paperOf(job), 'failed', { error: reason }))
  },
  async retrying(job, note, ctx) {
    const ports = portsFor(ctx.deps, job.session_id)
    await ports.record(recordOf(paperOf(job), 'loading', { error: note }))
  },
}
