// DELETE /api/sessions/:id erases a session and everything it owns: afterwards its marker is in
// no row or blob of any D1 table (FTS5 shadow tables and postings included), in its DO storage
// or in R2; the session, its share link and its source ids answer as unknown ones do; another
// session's material stays; an erasure stopped by a failing step resumes on the next DELETE.
import { env } from 'cloudflare:test'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { app } from '../../workers/app'
import { sessionErasureSteps } from '../../workers/erasure'
import {
  createShare,
  d1Holding,
  durableObjectHolding,
  giveMaterial,
  r2Holding,
  sourceIdsOf,
  uniqueMarker,
} from './erasure-helpers'
import { createSession, type CreatedSession } from './helpers'

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

function erase(session: CreatedSession, token = session.token) {
  return app.request(
    `/api/sessions/${session.sessionId}`,
    { method: 'DELETE', headers: bearer(token) },
    env,
  )
}

/** A 404 envelope without its request id: what a caller could compare. */
async function refusal(res: Response) {
  expect(res.status).toBe(404)
  const { error } = await res.json<{ error: { request_id: string } }>()
  const { request_id: _id, ...rest } = error
  return rest
}

const get = (path: string, token?: string) =>
  app.request(path, { headers: token ? bearer(token) : {} }, env)

afterEach(() => {
  vi.restoreAllMocks()
})

describe('DELETE /api/sessions/:id', () => {
  let owner: CreatedSession
  let other: CreatedSession
  let ownerMarker: string
  let otherMarker: string
  let shareToken: string
  let ownerSources: string[]

  beforeAll(async () => {
    owner = await createSession()
    other = await createSession()
    ownerMarker = uniqueMarker('zq')
    otherMarker = uniqueMarker('yk')
    await giveMaterial(owner, ownerMarker)
    await giveMaterial(other, otherMarker)
    shareToken = await createShare(owner)
    ownerSources = await sourceIdsOf(owner)
  }, 60_000)

  it('finds the marker everywhere before the erasure (the scan can fail)', async () => {
    const tables = await d1Holding(ownerMarker)
    for (const table of ['chunks', 'chunks_fts_data', 'term_postings', 'answer_cache'])
      expect(tables.some((hit) => hit.startsWith(`${table}.`))).toBe(true)
    expect(await durableObjectHolding(owner, ownerMarker)).not.toEqual([])
    expect(await r2Holding(owner, ownerMarker)).not.toEqual([])
    expect(ownerSources.length).toBeGreaterThanOrEqual(3)
  })

  it('refuses a missing token, a wrong one and an unknown session', async () => {
    expect(
      (await app.request(`/api/sessions/${owner.sessionId}`, { method: 'DELETE' }, env)).status,
    ).toBe(401)
    expect((await erase(owner, other.token)).status).toBe(403)
    const unknown = { ...owner, sessionId: crypto.randomUUID() }
    expect((await erase(unknown)).status).toBe(404)
    expect(await d1Holding(ownerMarker)).not.toEqual([])
  })

  it('stops at a failing step with 502 naming what remains, and resumes on the next DELETE', async () => {
    const pdfs = sessionErasureSteps.find((step) => step.name === 'pdfs')
    if (!pdfs) throw new Error('no pdfs step')
    vi.spyOn(pdfs, 'run').mockRejectedValueOnce(new Error('R2 unavailable'))
    const failed = await erase(owner)
    expect(failed.status).toBe(502)
    const { error } = await failed.json<{
      error: { code: string; details: { failed_step: string; remaining: string[] } }
    }>()
    expect(error.code).toBe('upstream_failed')
    expect(error.details.failed_step).toBe('pdfs')
    expect(error.details.remaining).toEqual(['pdfs', 'session_rows', 'session_storage'])
    // Buried at once: the session already answers as an unknown one.
    expect((await get(`/api/sessions/${owner.sessionId}`, owner.token)).status).toBe(404)

    const done = await erase(owner)
    expect(done.status).toBe(200)
    const body = await done.json<{ erased: Record<string, number> }>()
    expect(body.erased).toMatchObject({ pdfs: 1, sources: 0 })
    expect(body.erased.session_rows).toBeGreaterThan(0)
  })

  it('leaves the marker in no D1 table, DO storage or R2 object', async () => {
    expect(await d1Holding(ownerMarker)).toEqual([])
    expect(await durableObjectHolding(owner, ownerMarker)).toEqual([])
    expect(await r2Holding(owner, ownerMarker)).toEqual([])
  })

  it('answers the session, its share link and its source ids as unknown ones', async () => {
    const unknownSession = await refusal(
      await get(`/api/sessions/${crypto.randomUUID()}`, owner.token),
    )
    expect(await refusal(await get(`/api/sessions/${owner.sessionId}`, owner.token))).toEqual(
      unknownSession,
    )
    const unknownSource = await refusal(
      await get('/api/sources/src_000000000000000000000000', owner.token),
    )
    for (const id of ownerSources) {
      expect(await refusal(await get(`/api/sources/${id}`, owner.token))).toEqual(unknownSource)
    }
    const unknownShare = await refusal(await get(`/api/share/${shareToken.slice(0, -4)}AAAA`))
    expect(await refusal(await get(`/api/share/${shareToken}`))).toEqual(unknownShare)
  })

  it('leaves another session and its material untouched', async () => {
    const tables = await d1Holding(otherMarker)
    for (const table of ['chunks', 'chunks_fts_data', 'term_postings', 'answer_cache'])
      expect(tables.some((hit) => hit.startsWith(`${table}.`))).toBe(true)
    expect(await durableObjectHolding(other, otherMarker)).not.toEqual([])
    expect(await r2Holding(other, otherMarker)).not.toEqual([])
    expect((await get(`/api/sessions/${other.sessionId}`, other.token)).status).toBe(200)
  })

  it('repeats with the same token as a no-op, and refuses any other', async () => {
    const again = await erase(owner)
    expect(again.status).toBe(200)
    const { erased } = await again.json<{ erased: Record<string, number> }>()
    expect(erased).toMatchObject({ sources: 0, pdfs: 0, vectors: 0 })
    expect((await erase(owner, other.token)).status).toBe(404)
  })
})
