import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { ProviderError } from '../../workers/errors'
import { indexDocuments, indexMany, type VectorStore } from '../../workers/retrieval'
import { freshNamespace, indexDeps, paper } from './helpers'

const ABSTRACT =
  'Telomere shortening limits the proliferation of human fibroblasts. We show that telomerase ' +
  'expression extends their lifespan without malignant transformation.'

async function countRows(sql: string, ...binds: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>()
  return row?.n ?? 0
}

describe('indexer', () => {
  it('stores source, document, section, chunks and FTS rows, and no hashed vectors', async () => {
    const ns = freshNamespace()
    const counts = await indexDocuments(
      indexDeps(),
      paper('idx:1', 'Telomerase and lifespan', ABSTRACT, { namespace: ns }),
    )
    expect(counts).toEqual({ sources: 1, documents: 1, chunks: 1, skipped: 0 })
    expect(await countRows('SELECT count(*) AS n FROM chunks WHERE namespace = ?', ns)).toBe(1)
    // The offline embedder is lexical: its vectors would never be read, so none are made.
    expect(await countRows('SELECT count(*) AS n FROM chunk_vectors WHERE namespace = ?', ns)).toBe(
      0,
    )
    const fts = await countRows(
      `SELECT count(*) AS n FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid
       WHERE chunks_fts MATCH '"telomerase"' AND c.namespace = ?`,
      ns,
    )
    expect(fts).toBe(1)
    const section = await env.DB.prepare(
      `SELECT s.page FROM sections s JOIN chunks c ON c.section_id = s.id WHERE c.namespace = ?`,
    )
      .bind(ns)
      .first<{ page: number }>()
    expect(section?.page).toBe(1)
  })

  it('adds nothing when the same content is indexed again, reporting it as skipped', async () => {
    const ns = freshNamespace()
    const request = paper('idx:2', 'Telomerase and lifespan', ABSTRACT.repeat(30), {
      namespace: ns,
    })
    const first = await indexDocuments(indexDeps(), request)
    expect(first.chunks).toBeGreaterThan(1)
    const again = await indexDocuments(indexDeps(), request)
    expect(again).toEqual({ sources: 0, documents: 0, chunks: 0, skipped: first.chunks })
    expect(await countRows('SELECT count(*) AS n FROM chunks WHERE namespace = ?', ns)).toBe(
      first.chunks,
    )
  })

  it('updates the source metadata on re-ingest without losing fields the new record lacks', async () => {
    const ns = freshNamespace()
    await indexDocuments(
      indexDeps(),
      paper('idx:3', 'Old title', ABSTRACT, { namespace: ns, doi: '10.1/abc' }),
    )
    await indexDocuments(indexDeps(), paper('idx:3', 'New title', ABSTRACT, { namespace: ns }))
    const row = await env.DB.prepare(
      `SELECT title, doi FROM sources WHERE external_id = 'idx:3'`,
    ).first<{
      title: string
      doi: string
    }>()
    expect(row).toEqual({ title: 'New title', doi: '10.1/abc' })
  })

  it('keeps the same text apart in two namespaces', async () => {
    const [a, b] = [freshNamespace(), freshNamespace()]
    await indexDocuments(indexDeps(), paper('idx:4', 'Shared', ABSTRACT, { namespace: a }))
    const second = await indexDocuments(
      indexDeps(),
      paper('idx:4', 'Shared', ABSTRACT, { namespace: b }),
    )
    expect(second.chunks).toBe(1)
    expect(await countRows('SELECT count(*) AS n FROM chunks WHERE namespace = ?', b)).toBe(1)
  })

  it('indexes many requests in groups and adds up the counts', async () => {
    const ns = freshNamespace()
    const requests = Array.from({ length: 130 }, (_, i) =>
      paper(`idx:many:${i}`, `Paper ${i}`, `Finding number ${i} about enzyme kinetics ${i}.`, {
        namespace: ns,
      }),
    )
    const counts = await indexMany(indexDeps(), requests)
    expect(counts).toEqual({ sources: 130, documents: 130, chunks: 130, skipped: 0 })
  })

  it('skips pages with no text and sources with no documents', async () => {
    const ns = freshNamespace()
    const request = paper('idx:5', 'Empty', '   ', { namespace: ns })
    expect(await indexDocuments(indexDeps(), request)).toEqual({
      sources: 1,
      documents: 0,
      chunks: 0,
      skipped: 0,
    })
  })

  it('removes the new chunks when storing vectors fails, so a retry indexes them', async () => {
    const ns = freshNamespace()
    const failing: VectorStore = {
      upsert: async () => {
        throw new Error('vector backend down')
      },
      query: async () => [],
      deleteByIds: async () => {},
    }
    const request = paper('idx:6', 'Retry me', ABSTRACT, { namespace: ns })
    // Vectors are stored only for a semantic embedder: the hashing one stands in for it here.
    const deps = indexDeps(failing)
    const semantic = { ...deps, embedder: { ...deps.embedder, lexical: false } }
    await expect(indexDocuments(semantic, request)).rejects.toBeInstanceOf(ProviderError)
    expect(await countRows('SELECT count(*) AS n FROM chunks WHERE namespace = ?', ns)).toBe(0)
    const retry = await indexDocuments(indexDeps(), request)
    expect(retry.chunks).toBe(1)
  })

  it('stops before writing when the signal is aborted', async () => {
    const ns = freshNamespace()
    const controller = new AbortController()
    controller.abort()
    await expect(
      indexMany(
        indexDeps(),
        [paper('idx:7', 'Stop', ABSTRACT, { namespace: ns })],
        controller.signal,
      ),
    ).rejects.toThrow()
    expect(await countRows(`SELECT count(*) AS n FROM sources WHERE external_id = 'idx:7'`)).toBe(0)
  })
})
