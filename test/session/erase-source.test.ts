// Deleting one upload or one project file erases that source alone: its rows, FTS5 text,
// postings, vectors, kept PDF and the cached answers citing it go; the session and its other
// sources stay; an unknown paper or file is a 404 naming the field.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { app } from '../../workers/app'
import { writeAnswerCacheRow } from '../../workers/db'
import { makeDeps } from '../../workers/deps'
import { indexDocuments } from '../../workers/retrieval'
import {
  addProjectFile,
  d1Holding,
  durableObjectHolding,
  r2Holding,
  uniqueMarker,
  uploadPdf,
} from './erasure-helpers'
import { createSession, type CreatedSession } from './helpers'

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

const request = (session: CreatedSession, path: string, method = 'GET') =>
  app.request(path, { method, headers: bearer(session.token) }, env)

async function papersOf(session: CreatedSession): Promise<string[]> {
  const res = await request(session, `/api/papers/${session.sessionId}`)
  return (await res.json<{ papers: { id: string }[] }>()).papers.map((p) => p.id)
}

async function sourceIdHolding(marker: string): Promise<string> {
  const row = await env.DB.prepare('SELECT id FROM sources WHERE title LIKE ?')
    .bind(`%${marker}%`)
    .first<{ id: string }>()
  if (!row) throw new Error(`no source holds ${marker}`)
  return row.id
}

describe('DELETE one paper or file', () => {
  let session: CreatedSession
  let removed: string
  let kept: string

  beforeAll(async () => {
    session = await createSession()
    removed = uniqueMarker('rm')
    kept = uniqueMarker('kt')
    await uploadPdf(session, removed)
    await uploadPdf(session, kept)
  }, 60_000)

  it('erases the paper alone, and its cached answers', async () => {
    const [first] = await papersOf(session)
    const sourceId = await sourceIdHolding(removed)
    await writeAnswerCacheRow(env.DB, `key-${removed}`, {
      payload: { answer: `About ${removed}` },
      createdAt: new Date(),
      sourceIds: [sourceId],
    })
    expect((await d1Holding(removed)).length).toBeGreaterThan(3)
    const res = await request(
      session,
      `/api/papers/${session.sessionId}/papers/${encodeURIComponent(first ?? '')}`,
      'DELETE',
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      paper_id: first,
      erased: { sources: 1, pdfs: 1, cached_answers: 1, records: 1 },
    })
    expect(await d1Holding(removed)).toEqual([])
    expect(await r2Holding({ ...session, sessionId: 'none' }, removed)).toEqual([])
    expect(await durableObjectHolding(session, removed)).toEqual([])
    expect(await papersOf(session)).toHaveLength(1)
    expect(await d1Holding(kept)).not.toEqual([])
    expect(await r2Holding({ ...session, sessionId: 'none' }, kept)).not.toEqual([])
    expect((await request(session, `/api/sources/${sourceId}`)).status).toBe(404)
  })

  it('answers 404 naming paper_id for a paper the session does not hold', async () => {
    const res = await request(
      session,
      `/api/papers/${session.sessionId}/papers/upload:nope`,
      'DELETE',
    )
    expect(res.status).toBe(404)
    expect((await res.json<{ error: { message: string } }>()).error.message).toContain('paper_id')
  })

  it('erases a project file and its indexed copy', async () => {
    const marker = uniqueMarker('pf')
    const fileId = await addProjectFile(session, marker)
    const namespace = `project:${session.sessionId}`
    await indexDocuments(makeDeps(env), {
      source: { kind: 'text', externalId: `${namespace}:${fileId}`, title: `${marker}.txt` },
      documents: [{ title: `${marker}.txt`, pages: [{ page: null, text: `Plan: ${marker}` }] }],
      namespace,
      preset: 'papers',
    })
    expect(await d1Holding(marker)).not.toEqual([])
    const res = await request(
      session,
      `/api/sessions/${session.sessionId}/files/${fileId}`,
      'DELETE',
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ file_id: fileId, erased: { sources: 1, records: 1 } })
    expect(await d1Holding(marker)).toEqual([])
    expect(await durableObjectHolding(session, marker)).toEqual([])
    const again = await request(
      session,
      `/api/sessions/${session.sessionId}/files/${fileId}`,
      'DELETE',
    )
    expect(again.status).toBe(404)
  })
})
