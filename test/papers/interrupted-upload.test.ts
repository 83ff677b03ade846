// An upload cut off by a crash (chunks stored, the paper still `loading`) is settled on the
// session's next papers read once past LOAD_DEADLINE_MS: its chunks leave the index and the
// paper reads failed as interrupted, so it can be uploaded again.
import { env, runInDurableObject } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { app } from '../../workers/app'
import { INTERRUPTED_REASON, LOAD_DEADLINE_MS } from '../../workers/papers/interrupted-loads'
import { createSession, type CreatedSession } from '../session/helpers'
import { pdfFixture } from './helpers'

const bearer = (s: CreatedSession) => ({ authorization: `Bearer ${s.token}` })

async function upload(session: CreatedSession) {
  const form = new FormData()
  form.set('session_id', session.sessionId)
  form.set('file', new File([await pdfFixture('grobid')], 'paper.pdf'))
  const res = await app.request(
    '/api/papers/upload',
    { method: 'POST', headers: bearer(session), body: form },
    env,
  )
  expect(res.status).toBe(201)
}

async function chunksOf(session: CreatedSession): Promise<number> {
  const row = await env.DB.prepare('SELECT count(*) AS n FROM chunks WHERE namespace = ?')
    .bind(`papers:${session.sessionId}`)
    .first<{ n: number }>()
  return row?.n ?? 0
}

/** The crash: the paper back to `loading`, last touched `ageMs` ago, its chunks stored. */
async function cutOff(session: CreatedSession, ageMs: number) {
  await runInDurableObject(session.stub, async (_instance, state) => {
    state.storage.sql.exec(
      `UPDATE papers SET status = 'loading', pages = 0, updated_at = ?`,
      Date.now() - ageMs,
    )
  })
}

async function papers(session: CreatedSession) {
  const res = await app.request(
    `/api/papers/${session.sessionId}`,
    { headers: bearer(session) },
    env,
  )
  expect(res.status).toBe(200)
  return ((await res.json()) as { papers: { status: string; error?: string }[] }).papers
}

describe('an upload cut off by a crash', () => {
  it('is marked interrupted past the deadline, its partial chunks removed', async () => {
    const session = await createSession()
    await upload(session)
    expect(await chunksOf(session)).toBeGreaterThan(0)
    await cutOff(session, LOAD_DEADLINE_MS + 60_000)
    const [paper] = await papers(session)
    expect(paper).toMatchObject({ status: 'failed', error: INTERRUPTED_REASON })
    expect(await chunksOf(session)).toBe(0)
  })

  it('is left loading before the deadline (a load may still be running)', async () => {
    const session = await createSession()
    await upload(session)
    const before = await chunksOf(session)
    await cutOff(session, 60_000)
    expect((await papers(session))[0]?.status).toBe('loading')
    expect(await chunksOf(session)).toBe(before)
  })

  it('can be uploaded again after it was interrupted, and reads loaded', async () => {
    const session = await createSession()
    await upload(session)
    await cutOff(session, LOAD_DEADLINE_MS + 60_000)
    await papers(session)
    await upload(session)
    expect((await papers(session))[0]?.status).toBe('loaded')
    expect(await chunksOf(session)).toBeGreaterThan(0)
  })
})
