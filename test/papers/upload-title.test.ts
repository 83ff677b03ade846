// An uploaded PDF is titled as the paper is: its metadata, else its first page's title; the
// file name only when the PDF says neither.
import { describe, expect, it } from 'vitest'
import { createSession } from '../session/helpers'
import { papersEnv, pdfFixture, type PaperRow } from './helpers'

async function upload(name: string, fileName: string, title?: string): Promise<PaperRow> {
  const world = papersEnv()
  const session = await createSession()
  const form = new FormData()
  form.set('session_id', session.sessionId)
  if (title) form.set('title', title)
  form.set('file', new File([await pdfFixture(name)], fileName, { type: 'application/pdf' }))
  const res = await world.request('/api/papers/upload', {
    method: 'POST',
    token: session.token,
    body: form,
  })
  if (res.status !== 201) throw new Error(await res.text())
  return (await res.json<{ paper: PaperRow }>()).paper
}

describe('uploaded PDF titles', () => {
  it('come from the first page when the PDF has no title in its metadata', async () => {
    const paper = await upload('paperqa_pasa', 'paperqa_pasa_arXiv-2501.10120.pdf')
    expect(paper.title).toBe('PaSa: An LLM Agent for Comprehensive Academic Paper Search')
  })

  it('come from the metadata when it names the paper', async () => {
    const paper = await upload('scienceparse', 'scan 0001.pdf')
    expect(paper.title).toBe('Improving detection of influential nodes in complex networks')
  })

  it('are the uploader’s own when given', async () => {
    const paper = await upload('grobid', 'x.pdf', 'My name for it')
    expect(paper.title).toBe('My name for it')
  })
  it('hold no control characters, whoever wrote them', async () => {
    const titled = await upload('grobid', 'x.pdf', 'My\u001b[31m\ttitle\u0085now')
    expect(titled.title).toBe('My [31m title now')
    const named = await upload('grobid', 'scan\u001b\u0007.pdf')
    expect(named.title).not.toMatch(/\p{Cc}/u)
  })
})
