// Kept PDFs: an uploaded or loaded paper's PDF is stored in R2 per session and served back to
// the session's bearer (GET /api/papers/:session/pdf/:paper_id); deleting a session's copies
// leaves other sessions' alone.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { deleteSessionPdfs } from '../../workers/papers'
import { putPaperPdf } from '../../workers/papers/pdf-store'
import { createSession, type CreatedSession } from '../session/helpers'
import { loadThroughQueue, papersEnv, pdfFixture, type PaperRow, type PapersEnv } from './helpers'

const pdfs = new Map<string, string>()
let world: PapersEnv
let session: CreatedSession
let grobid: Uint8Array

beforeAll(async () => {
  world = papersEnv(pdfs)
  session = await createSession()
  grobid = await pdfFixture('grobid')
}, 60_000)

async function upload(bytes: Uint8Array, title: string): Promise<PaperRow> {
  const form = new FormData()
  form.set('session_id', session.sessionId)
  form.set('title', title)
  form.set('file', new File([bytes], 'paper.pdf', { type: 'application/pdf' }))
  const res = await world.request('/api/papers/upload', {
    method: 'POST',
    token: session.token,
    body: form,
  })
  expect(res.status).toBe(201)
  return (await res.json<{ paper: PaperRow }>()).paper
}

const pdfPath = (paperId: string, sessionId = session.sessionId) =>
  `/api/papers/${sessionId}/pdf/${encodeURIComponent(paperId)}`

describe('kept paper PDFs', () => {
  it('serves an uploaded PDF back byte for byte, inline and private', async () => {
    const paper = await upload(grobid, 'Cold dark matter and the CMB')
    expect(paper.stored).toBe(true)
    const res = await world.request(pdfPath(paper.id), { token: session.token })
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('application/pdf')
    expect(res.headers.get('Content-Disposition')).toBe('inline')
    expect(res.headers.get('Cache-Control')).toMatch(/^private/)
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(grobid)
  })

  it('refuses the PDF without the token or with another session token', async () => {
    const paper = await upload(grobid, 'Cold dark matter and the CMB')
    expect((await world.request(pdfPath(paper.id))).status).toBe(401)
    const other = await createSession()
    const res = await world.request(pdfPath(paper.id), { token: other.token })
    // A token was given, but it opens another session: forbidden, not unauthenticated.
    expect(res.status).toBe(403)
    expect((await res.json<{ error: { code: string } }>()).error.code).toBe('forbidden')
  })

  it('answers 404 with the error envelope for a paper the session does not keep', async () => {
    const res = await world.request(pdfPath('upload:0000000000000000'), { token: session.token })
    expect(res.status).toBe(404)
    const body = await res.json<{ error: { code: string; message: string } }>()
    expect(body.error.code).toBe('not_found')
    expect(body.error.message).toMatch(/paper_id/)
  })

  it('keeps the PDF of a paper loaded from a search result', async () => {
    const search = await world.request('/api/papers/search', {
      method: 'POST',
      token: session.token,
      json: { session_id: session.sessionId, query: 'testing deep learning' },
    })
    const hit = (await search.json<{ papers: { arxiv_id: string; pdf_url: string }[] }>()).papers[0]
    pdfs.set(hit?.pdf_url ?? '', 'grobid')
    const load = await loadThroughQueue(world, session, { indices: [1] })
    expect(load.status).toBe(202)
    const paperId = `arxiv:${hit?.arxiv_id}`
    const row = load.papers.find((p) => p.id === paperId)
    expect(row).toMatchObject({ status: 'loaded', stored: true })
    const res = await world.request(pdfPath(paperId), { token: session.token })
    expect(res.status).toBe(200)
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(grobid)
  })

  it("deletes one session's PDFs and leaves another session's", async () => {
    const bucket = env.PAPERS_PDF
    const bytes = new TextEncoder().encode('%PDF-1.4 test')
    for (const paperId of ['a', 'b'])
      await putPaperPdf({ bucket, sessionId: 's-one', paperId }, bytes)
    await putPaperPdf({ bucket, sessionId: 's-two', paperId: 'a' }, bytes)
    expect(await deleteSessionPdfs(bucket, 's-one')).toBe(2)
    expect((await bucket.list({ prefix: 'sessions/s-one/' })).objects).toEqual([])
    expect((await bucket.list({ prefix: 'sessions/s-two/' })).objects).toHaveLength(1)
  })
})
