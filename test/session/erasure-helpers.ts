// Erasure test helpers: give a session private material carrying a unique marker (index rows,
// a kept PDF, a project file, a share link, writing rows, a cached answer, an ingest job), and
// look for a marker in every row and blob of every D1 table, a session's DO storage and R2.
import { env, runInDurableObject } from 'cloudflare:test'
import { expect } from 'vitest'
import { app } from '../../workers/app'
import { writeAnswerCacheRow } from '../../workers/db'
import { makeDeps } from '../../workers/deps'
import { indexDocuments } from '../../workers/retrieval'
import { tinyPdf } from '../context/tiny-pdf'
import type { CreatedSession } from './helpers'

/** A marker no text holds by chance: lower case (FTS5 folds case), ending in digits (no stem). */
export function uniqueMarker(prefix: string): string {
  return `${prefix}${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}7`
}

/** Forms a marker can take in storage: itself, and its tail (FTS5 prefix-compresses terms). */
const needlesOf = (marker: string) => [marker, marker.slice(4)]

function textOf(value: unknown): string {
  if (typeof value === 'string') return value
  if (value instanceof ArrayBuffer) return new TextDecoder('latin1').decode(value)
  if (ArrayBuffer.isView(value)) return new TextDecoder('latin1').decode(value)
  if (Array.isArray(value)) return String.fromCharCode(...value.map(Number))
  return value === null || value === undefined ? '' : String(value)
}

function hitsIn(rows: Record<string, unknown>[], table: string, marker: string): string[] {
  const hits = new Set<string>()
  for (const row of rows) {
    for (const [column, value] of Object.entries(row)) {
      const text = textOf(value).toLowerCase()
      if (needlesOf(marker).some((n) => text.includes(n))) hits.add(`${table}.${column}`)
    }
  }
  return [...hits]
}

/** Every table of D1 (virtual, FTS5 shadow and postings tables included) holding the marker. */
export async function d1Holding(marker: string): Promise<string[]> {
  const { results } = await env.DB.prepare(
    `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '_cf_%'`,
  ).all<{ name: string }>()
  const hits: string[] = []
  for (const { name } of results) {
    const rows = await env.DB.prepare(`SELECT * FROM "${name}"`).all<Record<string, unknown>>()
    hits.push(...hitsIn(rows.results, name, marker))
  }
  return hits
}

/** Every table of a session's DO SQLite, and its key-value storage, holding the marker. */
export function durableObjectHolding(session: CreatedSession, marker: string): Promise<string[]> {
  return runInDurableObject(session.stub, async (_instance, state) => {
    const sql = state.storage.sql
    const tables = sql
      .exec<{ name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table'`)
      .toArray()
    const hits: string[] = []
    for (const { name } of tables) {
      if (name.startsWith('_cf_')) continue
      hits.push(...hitsIn(sql.exec(`SELECT * FROM "${name}"`).toArray(), name, marker))
    }
    const kv = Object.fromEntries(await state.storage.list())
    hits.push(...hitsIn([kv], 'kv', marker))
    return hits
  })
}

/** R2 objects whose key, metadata or body holds the marker, or that lie under the session. */
export async function r2Holding(session: CreatedSession, marker: string): Promise<string[]> {
  const hits: string[] = []
  const listed = await env.PAPERS_PDF.list({ include: ['customMetadata'] })
  for (const object of listed.objects) {
    const body = await env.PAPERS_PDF.get(object.key)
    const text = `${object.key} ${JSON.stringify(object.customMetadata)} ${await body?.text()}`
    if (needlesOf(marker).some((n) => text.toLowerCase().includes(n))) hits.push(object.key)
    else if (object.key.includes(session.sessionId)) hits.push(object.key)
  }
  return hits
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

export async function uploadPdf(session: CreatedSession, marker: string): Promise<void> {
  const form = new FormData()
  form.set('session_id', session.sessionId)
  form.set('title', `Uploaded ${marker} notes`)
  const pdf = tinyPdf(`The uploaded paper describes ${marker} in cold dark matter halos.`)
  form.set('file', new File([pdf], 'paper.pdf', { type: 'application/pdf' }))
  const res = await app.request(
    '/api/papers/upload',
    { method: 'POST', headers: bearer(session.token), body: form },
    env,
  )
  expect(res.status).toBe(201)
}

export async function indexPrivateText(
  session: CreatedSession,
  material: 'papers' | 'project',
  marker: string,
): Promise<void> {
  const namespace = `${material}:${session.sessionId}`
  const text = `Field notes on ${marker}. The ${marker} protocol measures sleep and memory in adults.`
  await indexDocuments(makeDeps(env), {
    source: { kind: 'text', externalId: `${namespace}:notes`, title: `Notes on ${marker}` },
    documents: [{ title: `Notes on ${marker}`, pages: [{ page: null, text }] }],
    namespace,
    preset: 'papers',
  })
}

export async function sourceIdsOf(session: CreatedSession): Promise<string[]> {
  const { results } = await env.DB.prepare(
    'SELECT id FROM sources WHERE namespace LIKE ? ORDER BY id',
  )
    .bind(`%:${session.sessionId}`)
    .all<{ id: string }>()
  return results.map((r) => r.id)
}

/** Rows a session's writing, its proposed types, an ingest job and a cached answer leave. */
export async function addSessionRows(session: CreatedSession, marker: string): Promise<void> {
  const now = Date.now()
  const [sourceId] = await sourceIdsOf(session)
  await env.DB.batch([
    env.DB.prepare(
      'INSERT INTO writing_documents (session_id, markdown, version, updated_at) VALUES (?, ?, 1, ?)',
    ).bind(session.sessionId, `# Draft about ${marker}`, now),
    env.DB.prepare(
      `INSERT INTO writing_document_versions (session_id, version, markdown, reason, created_at)
       VALUES (?, 1, ?, 'save', ?)`,
    ).bind(session.sessionId, `# Draft about ${marker}`, now),
    env.DB.prepare(
      'INSERT INTO document_types (session_id, type_name, description) VALUES (?, ?, ?)',
    ).bind(session.sessionId, `type_${marker}`, `Proposed for ${marker}`),
    env.DB.prepare(
      `INSERT INTO ingest_jobs (id, kind, status, input, updated_at) VALUES (?, 'paper_pdf', 'done', ?, ?)`,
    ).bind(
      crypto.randomUUID(),
      JSON.stringify({ namespace: `papers:${session.sessionId}`, title: marker }),
      now,
    ),
  ])
  await writeAnswerCacheRow(env.DB, `key-${marker}`, {
    payload: { answer: `Cached answer citing ${marker}` },
    createdAt: new Date(now),
    sourceIds: sourceId ? [sourceId] : [],
  })
}

export async function addProjectFile(session: CreatedSession, marker: string): Promise<string> {
  const res = await app.request(
    `/api/sessions/${session.sessionId}/files`,
    {
      method: 'POST',
      headers: { ...bearer(session.token), 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `${marker}.txt`,
        content_type: 'text/plain',
        text: `Project plan: ${marker}`,
        scope: 'project',
      }),
    },
    env,
  )
  expect(res.status).toBe(201)
  return (await res.json<{ file: { id: string } }>()).file.id
}

export async function createShare(session: CreatedSession): Promise<string> {
  const res = await app.request(
    `/api/sessions/${session.sessionId}/share`,
    { method: 'POST', headers: { ...bearer(session.token), 'content-type': 'application/json' } },
    env,
  )
  expect(res.status).toBe(201)
  return (await res.json<{ token: string }>()).token
}

/** Everything a session can own, each carrying the marker. */
export async function giveMaterial(session: CreatedSession, marker: string): Promise<void> {
  await indexPrivateText(session, 'papers', marker)
  await indexPrivateText(session, 'project', marker)
  await uploadPdf(session, marker)
  await addProjectFile(session, marker)
  await addSessionRows(session, marker)
}
