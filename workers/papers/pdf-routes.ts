// PDFs in and out of a session: POST /upload (multipart, size-capped) keeps the file in R2 and
// indexes its pages; GET /:session/pdf/:paper_id serves a kept PDF to the session's bearer.
import { Hono, type Context } from 'hono'
import type { Deps } from '../deps'
import { NotFoundError, ValidationError } from '../errors'
import { callOperation, clientQuota, openAuthorizedSession, validate, type AppEnv } from '../http'
import { indexPaperPages } from './load'
import { paperOperations } from './operations'
import { getPaperPdf, putPaperPdf } from './pdf-store'
import { paperPdfParamSchema } from './schemas'
import { readUploadedPdf } from './upload'

const indexDeps = (deps: Deps) => ({ db: deps.db, embedder: deps.embedder, vectors: deps.vectors })

async function readUploadForm(c: Context<AppEnv>) {
  const form = await c.req.formData().catch(() => {
    throw new ValidationError('The upload must be multipart/form-data')
  })
  const sessionId = form.get('session_id')
  const file = form.get('file')
  const title = form.get('title')
  if (typeof sessionId !== 'string' || !sessionId.trim())
    throw new ValidationError('session_id: required')
  if (file === null || typeof file === 'string')
    throw new ValidationError('file: a PDF file is required')
  return { sessionId: sessionId.trim(), file, title: typeof title === 'string' ? title : undefined }
}

export const pdfRoutes = new Hono<AppEnv>()
  .post('/upload', clientQuota('upload'), async (c) => {
    const deps = c.get('deps')
    const form = await readUploadForm(c)
    const stub = await openAuthorizedSession(c, form.sessionId)
    const upload = await readUploadedPdf(form.file, form.title, deps.config.papers.maxPdfBytes)
    const { paper } = upload
    const target = { bucket: deps.papersPdf, sessionId: form.sessionId, paperId: paper.id }
    const record = (status: 'loading' | 'loaded', pages = 0) =>
      callOperation(stub, paperOperations.put, {
        id: paper.id,
        title: paper.title,
        status,
        pages,
        pdf_url: null,
        arxiv_id: null,
        stored: true,
      })
    await putPaperPdf(target, upload.bytes)
    await record('loading')
    const count = await indexPaperPages(
      indexDeps(deps),
      form.sessionId,
      paper,
      upload.pages,
      c.req.raw.signal,
    )
    return c.json({ paper: await record('loaded', count) }, 201)
  })
  .get('/:session/pdf/:paper_id', validate('param', paperPdfParamSchema), async (c) => {
    const { session, paper_id } = c.req.valid('param')
    await openAuthorizedSession(c, session)
    const target = { bucket: c.get('deps').papersPdf, sessionId: session, paperId: paper_id }
    const pdf = await getPaperPdf(target)
    if (!pdf) throw new NotFoundError(`paper_id: no stored PDF for ${paper_id} in this session`)
    return new Response(pdf.body, {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Length': String(pdf.size),
        'Content-Disposition': 'inline',
        'Cache-Control': 'private, max-age=3600',
      },
    })
  })
