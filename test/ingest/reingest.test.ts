// Re-ingesting a source replaces its text: a text job with the same external_id leaves none of
// the earlier text anywhere a search reads (chunks, FTS5, term postings, vectors), as after a
// delete, and the new text is found.
import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { parseConfig } from '../../workers/config'
import { porterStem } from '../../workers/grounding'
import {
  buildTermPostings,
  createRetriever,
  indexDocuments,
  type VectorStore,
} from '../../workers/retrieval'
import { freshNamespace, indexDeps, paper } from '../retrieval/helpers'
import { queueJob, runBatch } from './helpers'

afterEach(() => vi.restoreAllMocks())

const MARK_A = 'zorblax'
const MARK_B = 'quintarium'

const text = (marker: string) =>
  Array.from(
    { length: 40 },
    (_, i) => `Field note ${i}: the ${marker} sample was logged at the northern station today.`,
  ).join(' ')

async function count(sql: string, ...binds: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>()
  return row?.n ?? 0
}

/** Every place a search reads the marker from. */
async function traces(marker: string) {
  const retriever = createRetriever({ config: parseConfig({}), ...indexDeps(), models: null })
  const found = await retriever.retrieve(`${marker} sample`, { namespaces: ['corpus'] })
  return {
    chunks: await count(`SELECT count(*) AS n FROM chunks WHERE content LIKE ?`, `%${marker}%`),
    fts: await count(
      `SELECT count(*) AS n FROM chunks_fts WHERE chunks_fts MATCH ?`,
      `"${marker}"`,
    ),
    postings: await count(
      `SELECT coalesce(sum(length(postings)), 0) AS n FROM term_postings WHERE stem = ?`,
      porterStem(marker),
    ),
    retrieved: found.chunks.filter((c) => c.content.includes(marker)).length,
  }
}

async function ingestText(marker: string) {
  const { message } = await queueJob({
    type: 'text',
    external_id: 'field-notes',
    title: `Field notes (${marker})`,
    text: text(marker),
  })
  await runBatch([{ body: message }])
  // The queue's upkeep round builds the postings after a job; run it to the end here.
  while (!(await buildTermPostings(env.DB, 100_000)).caughtUp) {}
}

describe('re-ingesting a text job with the same external_id', () => {
  it('leaves none of the old text searchable and finds the new', async () => {
    await ingestText(MARK_A)
    const before = await traces(MARK_A)
    expect(before.chunks).toBeGreaterThan(0)
    expect(before.postings).toBeGreaterThan(0)
    expect(before.retrieved).toBeGreaterThan(0)
    await ingestText(MARK_B)
    expect(await traces(MARK_A)).toEqual({ chunks: 0, fts: 0, postings: 0, retrieved: 0 })
    expect((await traces(MARK_B)).retrieved).toBeGreaterThan(0)
    const sources = await count(
      `SELECT count(*) AS n FROM sources WHERE external_id = 'field-notes'`,
    )
    const documents = await count(
      `SELECT count(*) AS n FROM documents d JOIN sources s ON s.id = d.source_id
       WHERE s.external_id = 'field-notes'`,
    )
    expect({ sources, documents }).toEqual({ sources: 1, documents: 1 })
  })
})

describe('indexer: replaced documents', () => {
  function recordingVectors(): VectorStore & { deleted: string[] } {
    const inner = indexDeps().vectors
    const deleted: string[] = []
    return {
      ...inner,
      deleted,
      upsert: (records, signal) => inner.upsert(records, signal),
      query: (query, signal) => inner.query(query, signal),
      deleteByIds: async (ids, signal) => {
        deleted.push(...ids)
        await inner.deleteByIds(ids, signal)
      },
    }
  }

  it("removes the old text's vectors by its chunk ids before its rows", async () => {
    const ns = freshNamespace()
    const vectors = recordingVectors()
    const deps = indexDeps(vectors)
    await indexDocuments(deps, paper('re:1', 'Notes', text(MARK_A), { namespace: ns }))
    const { results } = await env.DB.prepare('SELECT id FROM chunks WHERE namespace = ?')
      .bind(ns)
      .all<{ id: number }>()
    await indexDocuments(deps, paper('re:1', 'Notes', text(MARK_B), { namespace: ns }))
    expect(vectors.deleted.sort()).toEqual(results.map((r) => String(r.id)).sort())
  })

  it('keeps the text when a request for the source carries none', async () => {
    const ns = freshNamespace()
    const deps = indexDeps()
    await indexDocuments(deps, paper('re:2', 'Notes', text(MARK_A), { namespace: ns }))
    const before = await count('SELECT count(*) AS n FROM chunks WHERE namespace = ?', ns)
    await indexDocuments(deps, { ...paper('re:2', 'Notes', '', { namespace: ns }), documents: [] })
    expect(await count('SELECT count(*) AS n FROM chunks WHERE namespace = ?', ns)).toBe(before)
  })

  it('keeps an unchanged source as it was (nothing removed, nothing added)', async () => {
    const ns = freshNamespace()
    const deps = indexDeps()
    const request = paper('re:3', 'Notes', text(MARK_A), { namespace: ns })
    await indexDocuments(deps, request)
    const ids = await env.DB.prepare('SELECT id FROM chunks WHERE namespace = ? ORDER BY id')
      .bind(ns)
      .all<{ id: number }>()
    await indexDocuments(deps, request)
    const again = await env.DB.prepare('SELECT id FROM chunks WHERE namespace = ? ORDER BY id')
      .bind(ns)
      .all<{ id: number }>()
    expect(again.results).toEqual(ids.results)
  })
})
