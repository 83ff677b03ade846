// A page reopened later shows what the session holds: the content awaiting approval, with its
// revision, until it is approved or rejected.
import { describe, expect, it } from 'vitest'
import {
  call,
  createSession,
  PAPER,
  putDocument,
  seedKnowledgeBase,
  sendMessage,
  type WriteAnswer,
} from './helpers'

interface PendingBody {
  pending: { pending_id: string; document_content: string; revision: number } | null
}

const ASK = 'Add a paragraph on vitamin D supplementation and bone density to the Results section'

describe('GET /api/documents/:session/pending', { timeout: 60_000 }, () => {
  it('gives the content awaiting approval with its revision, and nothing once approved', async () => {
    await seedKnowledgeBase()
    const session = await createSession()
    await putDocument(session, PAPER)
    const read = async () =>
      (await call(session, `/api/documents/${session.sessionId}/pending`)).json<PendingBody>()
    expect((await read()).pending).toBeNull()
    const first = await (await sendMessage(session, ASK)).json<WriteAnswer>()
    expect((await read()).pending).toMatchObject({
      pending_id: first.pending_content_id,
      document_content: first.document_content,
      revision: 1,
    })
    // Offline, a request the library adds nothing to is declined: the suggestion is kept as it
    // was, and a reopened page shows it unchanged.
    const declined = await (await sendMessage(session, 'Make it shorter')).json<WriteAnswer>()
    expect(declined.document_content).toBe('')
    expect((await read()).pending).toMatchObject({
      pending_id: first.pending_content_id,
      document_content: first.document_content,
      revision: 1,
    })
    await call(session, `/api/content/${first.pending_content_id}/approve`, {
      json: { session_id: session.sessionId },
    })
    expect((await read()).pending).toBeNull()
  })

  it('needs the session token', async () => {
    const session = await createSession()
    const path = `/api/documents/${session.sessionId}/pending`
    expect((await call(session, path, { token: null })).status).toBe(401)
    expect((await call(session, path, { token: 'another-sessions-token' })).status).toBe(403)
  })
})
