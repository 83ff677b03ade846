// Expiry (SESSION_RETENTION_DAYS, 30 by default): every use keeps an alarm standing; when it
// fires on a session idle past the retention, the session is erased through the same steps as
// DELETE. A session used within the retention is kept and its alarm moved to its new expiry.
import { env, runInDurableObject } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { app } from '../../workers/app'
import { makeDeps } from '../../workers/deps'
import { indexDocuments } from '../../workers/retrieval'
import type { SessionDO } from '../../workers/session'
import {
  d1Holding,
  durableObjectHolding,
  indexPrivateText,
  uniqueMarker,
  addProjectFile,
} from './erasure-helpers'
import { createSession, type CreatedSession } from './helpers'

const DAY_MS = 24 * 60 * 60 * 1000

const describeStatus = async (session: CreatedSession) =>
  (
    await app.request(
      `/api/sessions/${session.sessionId}`,
      { headers: { authorization: `Bearer ${session.token}` } },
      env,
    )
  ).status

/** Fires the session's alarm with the clock at `at`. */
function fireAlarmAt(session: CreatedSession, at: number): Promise<number | null> {
  return runInDurableObject(session.stub, async (instance: SessionDO, state) => {
    vi.useFakeTimers({ now: at, toFake: ['Date'] })
    try {
      await instance.alarm()
    } finally {
      vi.useRealTimers()
    }
    return state.storage.getAlarm()
  })
}

afterEach(() => {
  vi.useRealTimers()
})

describe('session expiry', () => {
  it('sets an alarm at creation, one retention ahead', async () => {
    const before = Date.now()
    const session = await createSession()
    const alarm = await runInDurableObject(session.stub, (_i, state) => state.storage.getAlarm())
    expect(alarm).toBeGreaterThanOrEqual(before + 30 * DAY_MS)
    expect(alarm).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS)
  })

  it('keeps a session used within the retention and moves its alarm to the new expiry', async () => {
    const session = await createSession()
    const marker = uniqueMarker('kp')
    await indexPrivateText(session, 'papers', marker)
    const alarm = await fireAlarmAt(session, Date.now() + 10 * DAY_MS)
    expect(alarm).toBeGreaterThan(Date.now() + 29 * DAY_MS)
    expect(await describeStatus(session)).toBe(200)
    expect(await d1Holding(marker)).not.toEqual([])
  })

  it('erases a session idle past the retention through the erasure steps', async () => {
    const session = await createSession()
    const marker = uniqueMarker('ex')
    await indexPrivateText(session, 'papers', marker)
    await addProjectFile(session, marker)
    expect(await d1Holding(marker)).not.toEqual([])
    await fireAlarmAt(session, Date.now() + 31 * DAY_MS)
    expect(await describeStatus(session)).toBe(404)
    expect(await d1Holding(marker)).toEqual([])
    expect(await durableObjectHolding(session, marker)).toEqual([])
  })

  it('leaves the public library alone when a session expires', async () => {
    const marker = uniqueMarker('lb')
    await indexDocuments(makeDeps(env), {
      source: { kind: 'text', externalId: `library-${marker}`, title: `Library ${marker}` },
      documents: [
        { title: 'Library', pages: [{ page: null, text: `Public notes on ${marker}.` }] },
      ],
      namespace: 'corpus',
      preset: 'papers',
    })
    const session = await createSession()
    await fireAlarmAt(session, Date.now() + 31 * DAY_MS)
    expect(await describeStatus(session)).toBe(404)
    expect(await d1Holding(marker)).toEqual(expect.arrayContaining(['chunks.content']))
  })
})
