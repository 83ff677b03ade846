// Private source ids carry a random part (nobody can derive "did session S load PDF X?" from
// S's id and the PDF's hash), dedupe within a session still holds by (namespace, kind,
// external id), and GET /api/sources/<private id> refuses by the unknown id's steps and words.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { app } from '../../workers/app'
import { makeDeps } from '../../workers/deps'
import { indexDocuments, type IndexRequest } from '../../workers/retrieval'
import { stableId } from '../../workers/retrieval/indexing/hash'
import { pdfFixture } from '../papers/helpers'
import { createSession, type CreatedSession } from '../session/helpers'

const deps = makeDeps(env)
const index = { db: deps.db, embedder: deps.embedder, vectors: deps.vectors }

function upload(namespace: string, text: string): IndexRequest {
  return {
    namespace,
    source: { kind: 'pdf', externalId: 'upload:0123456789abcdef', title: 'Same PDF' },
    documents: [{ pages: [{ page: 1, text }] }],
  }
}

async function idsIn(namespace: string): Promise<string[]> {
  const { results } = await env.DB.prepare('SELECT id FROM sources WHERE namespace = ?')
    .bind(namespace)
    .all<{ id: string }>()
  return results.map((r) => r.id)
}

describe('private source ids', () => {
  it('are random per session, shaped src_ + 24 hex, and not derivable from session and PDF', async () => {
    const text = 'Permafrost thaw releases carbon stored in frozen soils for millennia.'
    const sessions = [crypto.randomUUID(), crypto.randomUUID()]
    const ids: string[] = []
    for (const session of sessions) {
      const namespace = `papers:${session}`
      await indexDocuments(index, upload(namespace, text))
      const [id] = await idsIn(namespace)
      expect(id).toMatch(/^src_[0-9a-f]{24}$/)
      expect(id).not.toBe(await stableId('src', namespace, 'pdf', 'upload:0123456789abcdef'))
      ids.push(id ?? '')
    }
    expect(new Set(ids).size).toBe(2)
  })

  it('stay one row per session when the same PDF is loaded again', async () => {
    const namespace = `papers:${crypto.randomUUID()}`
    await indexDocuments(index, upload(namespace, 'Ice cores record past atmospheres.'))
    const first = await idsIn(namespace)
    await indexDocuments(index, upload(namespace, 'Ice cores record past atmospheres.'))
    expect(await idsIn(namespace)).toEqual(first)
  })

  it('keep the library ids stable (citations and share pages hold them)', async () => {
    await indexDocuments(index, { ...upload('corpus', 'Tides follow the moon.') })
    const expected = await stableId('src', 'pdf', 'upload:0123456789abcdef')
    expect(await idsIn('corpus')).toEqual([expected])
  })
})

interface Envelope {
  error: { code: string; message: string; request_id: string }
}

let owner: CreatedSession
let stranger: CreatedSession
let privateId = ''

beforeAll(async () => {
  owner = await createSession()
  stranger = await createSession()
  const form = new FormData()
  form.set('session_id', owner.sessionId)
  form.set('file', new File([await pdfFixture('grobid')], 'paper.pdf'))
  const res = await app.request(
    '/api/papers/upload',
    { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: form },
    env,
  )
  expect(res.status).toBe(201)
  privateId = (await idsIn(`papers:${owner.sessionId}`))[0] ?? ''
}, 60_000)

/** Status, headers but the request id, the envelope but its request id, and session look-ups. */
async function refusalOf(id: string, headers: Record<string, string>) {
  const lookups = vi.spyOn(env.SESSION_DO, 'idFromName')
  const res = await app.request(`/api/sources/${id}`, { headers }, env)
  const calls = lookups.mock.calls.length
  lookups.mockRestore()
  const { request_id: _id, ...error } = ((await res.json()) as Envelope).error
  const shown = [...res.headers].filter(([name]) => !/^x-request-id$/i.test(name))
  return { status: res.status, headers: shown, error, lookups: calls }
}

describe('GET /api/sources/<private id> refused', () => {
  const credentials: [string, () => Record<string, string>][] = [
    ['no credentials', () => ({})],
    ["another session's token", () => ({ authorization: `Bearer ${stranger.token}` })],
    ['a made-up token', () => ({ authorization: 'Bearer not-a-real-token' })],
    ['a forged share token', () => ({ 'X-Quire-Share-Token': 'forged.token' })],
  ]

  it.each(credentials)(
    'answers as for an unknown id, by the same look-ups, with %s',
    async (_label, headersOf) => {
      expect(privateId).toMatch(/^src_[0-9a-f]{24}$/)
      const unknown = await refusalOf('src_000000000000000000000000', headersOf())
      const known = await refusalOf(privateId, headersOf())
      expect(known.status).toBe(404)
      expect(known).toEqual(unknown)
    },
  )

  it('still returns the source to its owner', async () => {
    const res = await app.request(
      `/api/sources/${privateId}`,
      { headers: { authorization: `Bearer ${owner.token}` } },
      env,
    )
    expect(res.status).toBe(200)
  })
})
