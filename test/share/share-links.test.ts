// Share links: signed, read-only, revocable, expiring; forged or altered tokens refused.
import { describe, expect, it } from 'vitest'
import { callOperation } from '../../workers/http'
import { shareOperations, signShareToken, verifyShareToken } from '../../workers/share'
import { request } from './helpers'
import { createSession, readPackets, type CreatedSession } from '../session/helpers'
import '../session/test-runners'

const SECRET = 'test-share-secret-0123456789abcdef'

async function sessionWithAnswer(): Promise<CreatedSession> {
  const session = await createSession()
  const started = await session.stub.startRun('echo', { words: ['Calcium ', 'helps [1].'] })
  if (!started.ok) throw new Error(started.message)
  await readPackets(started.stream)
  return session
}

async function share(session: CreatedSession, body?: unknown) {
  return request(`/api/sessions/${session.sessionId}/share`, {
    method: 'POST',
    token: session.token,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  })
}

interface Created {
  share_id: string
  url: string
  token: string
  expires_at: number | null
}

describe('share tokens', () => {
  it('verify only with the secret that signed them, and not when altered', async () => {
    const claims = { s: crypto.randomUUID(), i: 'abcdefgh12345678', e: null }
    const token = await signShareToken(SECRET, claims)
    expect(await verifyShareToken(SECRET, token)).toEqual(claims)
    expect(await verifyShareToken('another-secret', token)).toBeNull()
    const [payload = '', signature = ''] = token.split('.')
    const flipped = `${payload.slice(0, -2)}${payload.at(-2) === 'A' ? 'B' : 'A'}${payload.at(-1)}`
    expect(await verifyShareToken(SECRET, `${flipped}.${signature}`)).toBeNull()
    expect(await verifyShareToken(SECRET, `${payload}.${signature}x`)).toBeNull()
    expect(await verifyShareToken(SECRET, 'not-a-token')).toBeNull()
  })
})

describe('share links', () => {
  it('creates a link whose page and JSON show the transcript, read-only and tokenless', async () => {
    const session = await sessionWithAnswer()
    const res = await share(session)
    expect(res.status).toBe(201)
    const created = await res.json<Created>()
    expect(created.url).toMatch(/\/s\/[\w-]+\.[\w-]+$/)
    expect(created.expires_at).toBeNull()

    const json = await request(`/api/share/${created.token}`)
    expect(json.status).toBe(200)
    const transcript = await json.json<{ messages: { role: string; content: string }[] }>()
    expect(transcript.messages.at(-1)).toMatchObject({
      role: 'assistant',
      content: 'Calcium helps [1].',
    })

    const page = await request(`/s/${created.token}`)
    const html = await page.text()
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(html).toContain('Calcium helps [1].')
    expect(html).toContain('<meta property="og:title"')
    expect(html).not.toContain(session.token)
  })

  it('accepts no writes through the share path', async () => {
    const session = await sessionWithAnswer()
    const { token } = await (await share(session)).json<Created>()
    const res = await request(`/api/share/${token}`, { method: 'POST', body: '{}' })
    // The path exists for GET only: 405 with Allow, the app-wide rule for a method a path lacks.
    expect(res.status).toBe(405)
    expect(res.headers.get('Allow')).toBe('GET')
  })

  it('stops working at once when revoked', async () => {
    const session = await sessionWithAnswer()
    const created = await (await share(session)).json<Created>()
    const revoke = await request(`/api/sessions/${session.sessionId}/shares/${created.share_id}`, {
      method: 'DELETE',
      token: session.token,
    })
    expect(revoke.status).toBe(200)
    expect((await request(`/api/share/${created.token}`)).status).toBe(404)
    expect((await request(`/s/${created.token}`)).status).toBe(404)
    const list = await request(`/api/sessions/${session.sessionId}/shares`, {
      token: session.token,
    })
    const { shares } = await list.json<{
      shares: { share_id: string; revoked_at: number | null }[]
    }>()
    expect(shares[0]?.revoked_at).not.toBeNull()
  })

  it('refuses an expired link, whether the token or the stored link says so', async () => {
    const session = await sessionWithAnswer()
    const past = Date.now() - 1_000
    const stored = await callOperation(session.stub, shareOperations.create, {
      share_id: 'expired-share-01',
      expires_at: past,
    })
    const unexpiredToken = await signShareToken(SECRET, {
      s: session.sessionId,
      i: stored.share_id,
      e: null,
    })
    expect((await request(`/api/share/${unexpiredToken}`)).status).toBe(404)
    const { share_id } = await (await share(session)).json<Created>()
    const expiredToken = await signShareToken(SECRET, {
      s: session.sessionId,
      i: share_id,
      e: past,
    })
    expect((await request(`/api/share/${expiredToken}`)).status).toBe(404)
  })

  it('refuses forged tokens: another secret, or another session’s id', async () => {
    const session = await sessionWithAnswer()
    const other = await sessionWithAnswer()
    const { share_id } = await (await share(session)).json<Created>()
    const forged = await signShareToken('guessed-secret', {
      s: session.sessionId,
      i: share_id,
      e: null,
    })
    expect((await request(`/api/share/${forged}`)).status).toBe(404)
    const moved = await signShareToken(SECRET, { s: other.sessionId, i: share_id, e: null })
    expect((await request(`/api/share/${moved}`)).status).toBe(404)
  })

  it('needs the session token to create or list links, and names a bad field', async () => {
    const session = await sessionWithAnswer()
    const anonymous = await request(`/api/sessions/${session.sessionId}/share`, { method: 'POST' })
    expect(anonymous.status).toBe(401)
    const bad = await share(session, { expires_in_s: 5 })
    expect(bad.status).toBe(400)
    const { error } = await bad.json<{ error: { message: string } }>()
    expect(error.message).toMatch(/^expires_in_s: /)
  })
})
