// Documents in D1: read, save (each save a version with its structure rebuilt), list versions,
// restore byte for byte (itself a new version), and the token guard.
import { describe, expect, it } from 'vitest'
import { call, createSession, PAPER, putDocument } from './helpers'

interface DocumentBody {
  markdown: string
  version: number
  structure: { id: string; type: string; parent_id: string | null; content: string }[]
}

describe('documents', { timeout: 60_000 }, () => {
  it('starts empty at version 0', async () => {
    const session = await createSession()
    const res = await call(session, `/api/documents/${session.sessionId}`)
    expect(res.status).toBe(200)
    expect(await res.json<DocumentBody>()).toMatchObject({
      markdown: '',
      version: 0,
      structure: [],
    })
  })

  it('saves a version with its structure tree on every PUT', async () => {
    const session = await createSession()
    expect(await putDocument(session, PAPER)).toBe(1)
    const body = await (
      await call(session, `/api/documents/${session.sessionId}`)
    ).json<DocumentBody>()
    expect(body.version).toBe(1)
    expect(body.markdown).toBe(PAPER)
    const methods = body.structure.find((n) => n.content === 'Methods')
    expect(methods).toMatchObject({ type: 'section' })
    const paragraph = body.structure.find((n) => n.content.startsWith('We reviewed'))
    expect(paragraph).toMatchObject({ type: 'paragraph', parent_id: methods?.id })
    expect(body.structure.find((n) => n.content === 'Vitamin D and bone health')).toMatchObject({
      type: 'title',
      parent_id: null,
    })
    expect(await putDocument(session, `${PAPER}\nMore.\n`)).toBe(2)
  })

  it('lists versions in order and restores one byte for byte as a new version', async () => {
    const session = await createSession()
    const tricky = '# T\r\n\r\nTrailing spaces   \n\n\tTabbed — ünïcödé ✓\n\n\n'
    await putDocument(session, tricky)
    await putDocument(session, 'replaced')
    const restore = await call(session, `/api/documents/${session.sessionId}/versions/1/restore`, {
      method: 'POST',
    })
    expect(restore.status).toBe(200)
    expect(await restore.json()).toMatchObject({ version: 3, restored: 1, markdown: tricky })
    const body = await (
      await call(session, `/api/documents/${session.sessionId}`)
    ).json<DocumentBody>()
    expect(body.markdown).toBe(tricky)
    const versions = await (
      await call(session, `/api/documents/${session.sessionId}/versions`)
    ).json<{
      versions: { version: number; reason: string; created_at: number }[]
    }>()
    expect(versions.versions.map((v) => [v.version, v.reason])).toEqual([
      [1, 'edit'],
      [2, 'edit'],
      [3, 'restore:1'],
    ])
  })

  it('answers 404 for a version that does not exist', async () => {
    const session = await createSession()
    await putDocument(session, 'x')
    const res = await call(session, `/api/documents/${session.sessionId}/versions/9/restore`, {
      method: 'POST',
    })
    expect(res.status).toBe(404)
  })

  it('refuses a missing token with 401 and a wrong one with 403', async () => {
    const session = await createSession()
    const other = await createSession()
    expect(
      (await call(session, `/api/documents/${session.sessionId}`, { token: null })).status,
    ).toBe(401)
    expect(
      (await call(session, `/api/documents/${session.sessionId}`, { token: other.token })).status,
    ).toBe(403)
  })

  it('refuses a body without markdown with 400', async () => {
    const session = await createSession()
    const res = await call(session, `/api/documents/${session.sessionId}`, {
      method: 'PUT',
      json: { text: 'x' },
    })
    expect(res.status).toBe(400)
  })
})
