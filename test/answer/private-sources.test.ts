// Private text needs its owner: a session's uploaded PDF and project file are sources in the
// session's own namespace, readable through GET /api/sources/:id, MCP get_source and
// quire://sources/{id} only with that session's token, or with a share link of that session
// for the sources its transcript cites. Everyone else gets the unknown id's 404, word for word.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { app } from '../../workers/app'
import { connect, type Structured } from '../mcp/helpers'
import { pdfFixture } from '../papers/helpers'
import { createSession, type CreatedSession } from '../session/helpers'
import { call, type TestSession } from '../turn/http-helpers'

interface Envelope {
  error: { code: string; message: string; request_id: string }
}

function readSource(id: string, headers: Record<string, string> = {}, query = '') {
  return app.request(`/api/sources/${encodeURIComponent(id)}${query}`, { headers }, env)
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** The error envelope without its request id: what a caller could compare. */
async function refusal(res: Response) {
  expect(res.status).toBe(404)
  const { error } = (await res.json()) as Envelope
  const { request_id: _id, ...rest } = error
  return rest
}

async function uploadPdf(session: CreatedSession, bytes: Uint8Array): Promise<void> {
  const form = new FormData()
  form.set('session_id', session.sessionId)
  form.set('title', 'Cold dark matter and the microwave background')
  form.set('file', new File([bytes], 'paper.pdf', { type: 'application/pdf' }))
  const res = await app.request(
    '/api/papers/upload',
    { method: 'POST', headers: bearer(session.token), body: form },
    env,
  )
  expect(res.status).toBe(201)
}

async function sourceIdsIn(namespace: string): Promise<string[]> {
  const { results } = await env.DB.prepare('SELECT id FROM sources WHERE namespace = ?')
    .bind(namespace)
    .all<{ id: string }>()
  return results.map((r) => r.id)
}

let owner: CreatedSession
let stranger: CreatedSession
let uploaded: string | undefined
let unknownNotFound: Record<string, string>

beforeAll(async () => {
  owner = await createSession()
  stranger = await createSession()
  await uploadPdf(owner, await pdfFixture('grobid'))
  ;[uploaded] = await sourceIdsIn(`papers:${owner.sessionId}`)
  unknownNotFound = await refusal(await readSource('src_000000000000000000000000'))
}, 60_000)

describe('GET /api/sources/:id for a private upload', () => {
  it('is the unknown-id 404 without a token, and with another session token', async () => {
    expect(uploaded).toMatch(/^src_/)
    expect(await refusal(await readSource(uploaded ?? ''))).toEqual(unknownNotFound)
    expect(await refusal(await readSource(uploaded ?? '', bearer(stranger.token)))).toEqual(
      unknownNotFound,
    )
    const html = await readSource(uploaded ?? '', { accept: 'text/html' })
    expect(html.status).toBe(404)
    expect(await html.text()).not.toContain('dark matter')
  })

  it('returns the text to the owning session, uncached', async () => {
    const res = await readSource(uploaded ?? '', bearer(owner.token))
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    const view = (await res.json()) as { title: string; passages: { text: string }[] }
    expect(view.title).toBe('Cold dark matter and the microwave background')
    expect(view.passages.length).toBeGreaterThan(0)
  })

  it('keeps a library source open to anyone', async () => {
    const { indexMany } = await import('../../workers/retrieval')
    const { makeDeps } = await import('../../workers/deps')
    await indexMany(makeDeps(env), [
      {
        source: { kind: 'text', externalId: 'open-library-doc', title: 'An open library page' },
        documents: [{ pages: [{ page: null, text: 'Anyone may read this library passage.' }] }],
        namespace: 'corpus',
      },
    ])
    const [id] = await env.DB.prepare(
      "SELECT id FROM sources WHERE external_id = 'open-library-doc'",
    )
      .all<{ id: string }>()
      .then((r) => r.results.map((row) => row.id))
    const res = await readSource(id ?? '')
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBeNull()
  })
})

describe('MCP get_source and quire://sources/{id} for a private upload', () => {
  it('refuses without the owner token and reads with it', async () => {
    const client = await connect()
    const refused = await client.callTool({ name: 'get_source', arguments: { id: uploaded } })
    expect(refused.isError).toBe(true)
    expect((refused.structuredContent as Structured).error).toMatchObject({ code: 'not_found' })
    const foreign = await client.callTool({
      name: 'get_source',
      arguments: { id: uploaded, session_token: stranger.token },
    })
    expect(foreign.isError).toBe(true)
    const owned = await client.callTool({
      name: 'get_source',
      arguments: { id: uploaded, session_token: owner.token },
    })
    expect(owned.isError).toBeFalsy()
    expect(owned.structuredContent).toMatchObject({
      source: { title: 'Cold dark matter and the microwave background' },
    })
    await expect(client.readResource({ uri: `quire://sources/${uploaded}` })).rejects.toMatchObject(
      { message: expect.stringContaining('No such source') },
    )
    await client.close()
    const asOwner = await connect({ headers: { 'x-quire-session-token': owner.token } })
    const resource = await asOwner.readResource({ uri: `quire://sources/${uploaded}` })
    expect(JSON.stringify(resource.contents)).toContain('Cold dark matter')
    await asOwner.close()
  })
})

describe('a share link and the private sources its transcript cites', () => {
  const MARKER = 'zorblatite'

  /** ~70k tokens: over the 64k project limit, so the project is indexed and retrieved. */
  function projectText(): string {
    const filler = Array.from(
      { length: 1_900 },
      (_, i) =>
        `Survey note ${i}: the meadow transect ${i % 37} recorded grasses, sedges and rushes in plot ${i % 11}, with soil crusts and lichens along its margins.`,
    )
    const finding = Array.from(
      { length: 24 },
      (_, i) =>
        `Cave pool ${i}: ${MARKER} crystals formed when the pool water cooled, and the ${MARKER} crystals grew after each spring flood.`,
    )
    filler.splice(900, 0, ...finding)
    return filler.join(' ')
  }

  it('opens the cited project source to the link, and no other private source', async () => {
    const session: TestSession = { id: owner.sessionId, token: owner.token }
    const file = await call(session, '/files', {
      body: { name: 'cave-notes.txt', text: projectText(), scope: 'project' },
    })
    expect(file.status).toBe(201)
    const turn = await call(session, '/messages', {
      body: { message: `How did the ${MARKER} crystals form in the cave pools?` },
    })
    expect(turn.status).toBe(200)
    const [project] = await sourceIdsIn(`project:${owner.sessionId}`)
    expect(project).toMatch(/^src_/)
    const shared = await call(session, '/share', { method: 'POST', body: {} })
    expect(shared.status).toBe(201)
    const { token: shareToken, share_id } = (await shared.json()) as {
      token: string
      share_id: string
    }
    const transcript = await (await app.request(`/api/share/${shareToken}`, {}, env)).text()
    expect(transcript).toContain(project)

    const viaLink = await readSource(project ?? '', {}, `?share=${shareToken}`)
    expect(viaLink.status).toBe(200)
    expect(((await viaLink.json()) as { title: string }).title).toBe('cave-notes.txt')
    const viaHeader = await readSource(project ?? '', { 'x-quire-share-token': shareToken })
    expect(viaHeader.status).toBe(200)
    // The upload is the same session's, but the transcript does not cite it.
    expect(await refusal(await readSource(uploaded ?? '', {}, `?share=${shareToken}`))).toEqual(
      unknownNotFound,
    )
    expect(await refusal(await readSource(project ?? ''))).toEqual(unknownNotFound)

    await call(session, `/shares/${share_id}`, { method: 'DELETE' })
    expect(await refusal(await readSource(project ?? '', {}, `?share=${shareToken}`))).toEqual(
      unknownNotFound,
    )
  }, 60_000)

  it("never opens another session's private source", async () => {
    const other: TestSession = { id: stranger.sessionId, token: stranger.token }
    const shared = await call(other, '/share', { method: 'POST', body: {} })
    const { token } = (await shared.json()) as { token: string }
    expect(await refusal(await readSource(uploaded ?? '', {}, `?share=${token}`))).toEqual(
      unknownNotFound,
    )
  })
})
