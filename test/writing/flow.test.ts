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

  it('rejects content without touching the document, then rewrites it', async () => {
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
    const again = await rewrite.json<WriteAnswer>()
    expect(again.status).toBe('pending_approval')
    expect(again.pending_content_id).not.toBe(answer.pending_content_id)
  })

  it('revises pending content and keeps what was already there', async () => {
    const { session, answer } = await pendingFor()
    const res = await sendMessage(
      session,
      'Also mention participants with low baseline vitamin D levels',
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

  it('exports the document with references and BibTeX of its sources', async () => {
    const { session, answer } = await pendingFor()
    await call(session, `/api/content/${answer.pending_content_id}/approve`, {
      json: { session_id: session.sessionId },
    })
    const md = await (
      await call(session, `/api/documents/${session.sessionId}/export?format=md`)
    ).text()
    expect(md).toContain('## References')
    expect(md).toContain('Vitamin D supplementation and bone density')
    const bib = await (
      await call(session, `/api/documents/${session.sessionId}/export?format=bib`)
    ).text()
    expect(bib).toMatch(/@\w+\{/)
    expect(bib).toContain('https://example.org/vitd-bone')
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
