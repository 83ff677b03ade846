// The seed's flow offline (no model): a message drafts content from the knowledge base,
// labelled offline, held as pending; approve places it in the section the user named; reject
// leaves the document untouched; rewrite and revision work; streams carry pending_content.
import { describe, expect, it } from 'vitest'
import { parseBlocks } from '../../workers/writing'
import {
  call,
  createSession,
  PAPER,
  putDocument,
  sectionOf,
  seedKnowledgeBase,
  sendMessage,
  type PlacedAnswer,
  type WriteAnswer,
} from './helpers'

const ASK = 'Add a paragraph on vitamin D supplementation and bone density to the Results section'

async function pendingFor(message = ASK) {
  await seedKnowledgeBase()
  const session = await createSession()
  await putDocument(session, PAPER)
  const res = await sendMessage(session, message)
  expect(res.status).toBe(200)
  return { session, answer: await res.json<WriteAnswer>() }
}

// Seeding the knowledge base takes a while on a loaded machine: generous bounds.
describe('writing offline', { timeout: 60_000 }, () => {
  it('drafts content from the knowledge base, labelled offline, held for approval', async () => {
    const { answer } = await pendingFor()
    expect(answer.mode).toBe('offline')
    expect(answer.response).toMatch(/^Offline mode/)
    expect(answer.status).toBe('pending_approval')
    expect(answer.pending_content_id).toBeTruthy()
    expect(answer.document_content).toMatch(/vitamin D/i)
    expect(answer.document_content).not.toMatch(/https?:|\[\d+\]/)
    expect(answer.sources[0]).toMatchObject({
      title: 'Vitamin D supplementation and bone density',
      url: 'https://example.org/vitd-bone',
      verified: true,
    })
  })

  it('reads a misspelt topic as the library spells it', async () => {
    const { answer } = await pendingFor('Add a paragraph on heatwves to the Results section')
    expect(answer.status).toBe('pending_approval')
    expect(answer.sources[0]?.title).toBe('Coral bleaching after marine heatwaves')
  })

  it('places approved content at the end of the section the user named', async () => {
    const { session, answer } = await pendingFor()
    const res = await call(session, `/api/content/${answer.pending_content_id}/approve`, {
      json: { session_id: session.sessionId },
    })
    expect(res.status).toBe(200)
    const placed = await res.json<PlacedAnswer>()
    expect(placed.status).toBe('placed')
    expect(placed.document.version).toBe(2)
    expect(placed.placement).toMatchObject({
      action: 'append_to_section',
      decided_by: 'deterministic',
    })
    expect(placed.fallbacks).toContainEqual({ stage: 'placement', reason: 'offline' })
    expect(sectionOf(placed.document.markdown, answer.document_content)).toBe('Results')
    // Every block of the original document is still there, in order.
    for (const block of parseBlocks(PAPER)) expect(placed.document.markdown).toContain(block.text)
    const again = await call(session, `/api/content/${answer.pending_content_id}/approve`, {
      json: { session_id: session.sessionId },
    })
    expect(again.status).toBe(409)
  })

  it('rejects content without touching the document; a rewrite never offers it again', async () => {
    const { session, answer } = await pendingFor()
    const res = await call(session, `/api/content/${answer.pending_content_id}/reject`, {
      json: { session_id: session.sessionId, reason: 'too short' },
    })
    expect(await res.json()).toEqual({ status: 'rejected' })
    const doc = await (
      await call(session, `/api/documents/${session.sessionId}`)
    ).json<{ markdown: string; version: number }>()
    expect(doc).toMatchObject({ markdown: PAPER, version: 1 })
    const rewrite = await call(session, '/api/chat/rewrite', {
      json: { session_id: session.sessionId },
    })
    expect(rewrite.status).toBe(200)
    // Offline, every supporting sentence was in the rejected draft: nothing new to offer.
    const again = await rewrite.json<WriteAnswer>()
    expect(again).toMatchObject({ status: null, abstained: true, document_content: '' })
    expect(again.reason).toBe('every sentence that supports it was in the rejected draft')
  })

  it('declines a request the knowledge base does not support: a chat reply, nothing pending', async () => {
    await seedKnowledgeBase()
    const session = await createSession()
    const res = await sendMessage(
      session,
      'Write a paragraph about the history of the Roman Empire',
    )
    const answer = await res.json<WriteAnswer>()
    expect(answer).toMatchObject({
      mode: 'offline',
      status: null,
      pending_content_id: null,
      document_content: '',
      sources: [],
      abstained: true,
    })
    expect(answer.response).toMatch(/knowledge base has no sources that support this request/)
    expect(answer.fallbacks).toEqual([])
  })

  it('ties every drafted sentence to a source it lists', async () => {
    const { answer } = await pendingFor()
    expect(answer.attributions.map((a) => a.text).join(' ')).toBe(answer.document_content)
    const numbers = new Set(answer.sources.map((s) => s.number))
    for (const a of answer.attributions) {
      expect(a.sources.length).toBeGreaterThan(0)
      for (const n of a.sources) expect(numbers.has(n)).toBe(true)
    }
  })

  it('revises pending content and keeps what was already there', async () => {
    const { session, answer } = await pendingFor()
    const res = await sendMessage(
      session,
      'Also mention how calcium absorption depends on vitamin D',
    )
    const revised = await res.json<WriteAnswer>()
    expect(revised.pending_content_id).toBe(answer.pending_content_id)
    expect(revised.revision).toBe(2)
    expect(revised.document_content).toContain(answer.document_content)
  })

  it('streams status lines and a pending_content event when asked for SSE', async () => {
    await seedKnowledgeBase()
    const session = await createSession()
    const res = await call(session, '/api/chat/message', {
      json: { session_id: session.sessionId, message: ASK },
      accept: 'text/event-stream',
    })
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/)
    const text = await res.text()
    expect(text).toContain('event: pending_content')
    expect(text).toContain('event: done')
  })

  it('answers 400 for an unknown mode and 401 without a token', async () => {
    const session = await createSession()
    expect((await sendMessage(session, 'hi', { mode: 'poetry' })).status).toBe(400)
    const res = await call(session, '/api/chat/message', {
      json: { session_id: session.sessionId, message: 'hi' },
      token: null,
    })
    expect(res.status).toBe(401)
  })

  it('exports the document with in-text citations, its references and their BibTeX', async () => {
    const { session, answer } = await pendingFor()
    await call(session, `/api/content/${answer.pending_content_id}/approve`, {
      json: { session_id: session.sessionId },
    })
    const md = await (
      await call(session, `/api/documents/${session.sessionId}/export?format=md`)
    ).text()
    const first = answer.attributions[0]?.text ?? 'missing'
    expect(md).toContain(`${first.slice(0, -1)} [1].`)
    expect(md).toContain(
      '## References\n\n1. *Vitamin D supplementation and bone density*. (n.d.). Retrieved https://example.org/vitd-bone *(metadata incomplete: no authors, year)*',
    )
    // The user's own text is unchanged around the citations.
    for (const line of PAPER.split('\n').filter(Boolean)) expect(md).toContain(line)
    const bib = await (
      await call(session, `/api/documents/${session.sessionId}/export?format=bib`)
    ).text()
    expect(bib).toMatch(/@\w+\{vitamin,/)
    expect(bib).toContain('url = {https://example.org/vitd-bone}')
    expect(bib).toContain('note = {metadata incomplete}')
    expect(bib).not.toMatch(/title = \{[^}]*\.\}/)
  })

  it('drops references no remaining text cites when an older version is restored', async () => {
    const { session, answer } = await pendingFor()
    await call(session, `/api/content/${answer.pending_content_id}/approve`, {
      json: { session_id: session.sessionId },
    })
    const restored = await call(session, `/api/documents/${session.sessionId}/versions/1/restore`, {
      method: 'POST',
    })
    expect(restored.status).toBe(200)
    const doc = await (
      await call(session, `/api/documents/${session.sessionId}`)
    ).json<{ markdown: string }>()
    expect(doc.markdown).toBe(PAPER)
    const cited = await (await call(session, `/api/documents/${session.sessionId}/cited`)).json()
    expect(cited).toEqual({ style: 'numbered', markdown: PAPER, references: [] })
    const md = await (
      await call(session, `/api/documents/${session.sessionId}/export?format=md`)
    ).text()
    expect(md).toBe(PAPER)
    const bib = await (
      await call(session, `/api/documents/${session.sessionId}/export?format=bib`)
    ).text()
    expect(bib).toBe('')
  })

  it('cites author–year once the document chooses it', async () => {
    const { session, answer } = await pendingFor()
    await call(session, `/api/content/${answer.pending_content_id}/approve`, {
      json: { session_id: session.sessionId },
    })
    const set = await call(session, `/api/documents/${session.sessionId}/citation-style`, {
      method: 'PUT',
      json: { style: 'author-year' },
    })
    expect(await set.json()).toEqual({ style: 'author-year' })
    const cited = await (
      await call(session, `/api/documents/${session.sessionId}/cited`)
    ).json<{ style: string; markdown: string; references: { number: null }[] }>()
    expect(cited.style).toBe('author-year')
    expect(cited.markdown).toContain('(Vitamin D Supplementation, n.d.).')
    expect(cited.references).toHaveLength(1)
    expect(cited.references[0]?.number).toBeNull()
    const bad = await call(session, `/api/documents/${session.sessionId}/citation-style`, {
      method: 'PUT',
      json: { style: 'footnotes' },
    })
    expect(bad.status).toBe(400)
  })

  it('does not apply a previewed placement once the document has changed', async () => {
    const { session, answer } = await pendingFor()
    await putDocument(session, `${PAPER}\n## Appendix\n\nExtra.\n`)
    const res = await call(session, `/api/content/${answer.pending_content_id}/approve`, {
      json: {
        session_id: session.sessionId,
        placement: { action: 'insert_after', target: 'b1', heading: '', replace: [], reason: '' },
        base_version: 1,
      },
    })
    const placed = await res.json<PlacedAnswer>()
    expect(placed.fallbacks).toContainEqual({ stage: 'placement', reason: 'document changed' })
    expect(sectionOf(placed.document.markdown, answer.document_content)).toBe('Results')
  })
})
