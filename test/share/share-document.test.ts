// A Write session's share link shows its document (rendered safely) beside the conversation;
// a session without a document shows none.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { app } from '../../workers/app'
import { createSession, type CreatedSession } from '../session/helpers'
import '../session/test-runners'

function request(path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers)
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`)
  headers.set('Content-Type', 'application/json')
  return Promise.resolve(app.request(path, { ...init, headers }, env))
}

async function shareToken(session: CreatedSession): Promise<string> {
  const res = await request(`/api/sessions/${session.sessionId}/share`, {
    method: 'POST',
    token: session.token,
  })
  expect(res.status).toBe(201)
  return (await res.json<{ token: string }>()).token
}

const DRAFT = `# Sleep and memory

Sleep after learning *strengthens* recall.

<script>alert('x')</script>

See [the trial](https://example.org/trial) and [this](javascript:alert(1)).
`

describe('a shared Write session', () => {
  it('shows the document, its title in the preview tags, with no raw HTML or script links', async () => {
    const session = await createSession()
    const saved = await request(`/api/documents/${session.sessionId}`, {
      method: 'PUT',
      token: session.token,
      body: JSON.stringify({ markdown: DRAFT }),
    })
    expect(saved.status).toBe(200)
    const token = await shareToken(session)

    const json = await (
      await request(`/api/share/${token}`)
    ).json<{
      document: { markdown: string; version: number } | null
    }>()
    expect(json.document?.markdown).toContain('Sleep after learning *strengthens* recall.')
    expect(json.document?.version).toBe(1)

    const html = await (await request(`/s/${token}`)).text()
    expect(html).toContain('<em>strengthens</em>')
    expect(html).toContain('<meta property="og:title" content="Sleep and memory">')
    expect(html).toContain('href="https://example.org/trial"')
    expect(html).not.toContain("<script>alert('x')</script>")
    expect(html).not.toContain('javascript:')
    expect(html).not.toContain(session.token)
  })

  it('shows no document for a session that has none', async () => {
    const session = await createSession()
    const token = await shareToken(session)
    const json = await (await request(`/api/share/${token}`)).json<{ document: unknown }>()
    expect(json.document).toBeNull()
  })
})
