import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { parseConfig } from '../../workers/config'
import { ProviderError, ValidationError } from '../../workers/errors'
import { createVectorStore } from '../../workers/retrieval'
import { createD1VectorStore } from '../../workers/retrieval/vectors/d1-vectors'
import { createVectorizeStore } from '../../workers/retrieval/vectors/vectorize'
import { describeVectorStoreContract } from '../contracts/vector-store'
import { FakeVectorize } from './fake-vectorize'

let spaces = 0
describeVectorStoreContract('d1', (dimensions) =>
  createD1VectorStore({ db: env.DB, space: `contract-space-${spaces++}`, dimensions }),
)
describeVectorStoreContract('vectorize (in-memory fake binding)', () =>
  createVectorizeStore(new FakeVectorize().asBinding()),
)

const vector = (...values: number[]) => Float32Array.from(values)
const metadata = { sourceId: 's1', documentId: 'd1', paperKey: 'p1', kind: 'arxiv' }

describe('createVectorStore', () => {
  it('picks the D1 adapter by default and Vectorize when configured', async () => {
    const fake = new FakeVectorize()
    const bindings = { db: env.DB, vectorize: fake.asBinding(), space: 'pick-test' }
    const vectorize = createVectorStore(
      parseConfig({ VECTOR_STORE: 'vectorize', EMBEDDINGS_DIMENSIONS: '2' }),
      bindings,
    )
    await vectorize.upsert([{ id: '1', namespace: 'n', values: vector(1, 0), metadata }])
    expect(fake.vectors.has('1')).toBe(true)
    const d1 = createVectorStore(parseConfig({ EMBEDDINGS_DIMENSIONS: '2' }), bindings)
    await d1.upsert([{ id: '2', namespace: 'n', values: vector(1, 0), metadata }])
    expect(fake.vectors.has('2')).toBe(false)
  })
})

describe('D1 vector store', () => {
  it('refuses a namespace holding more vectors than it keeps in memory', async () => {
    const rows = ['911', '912', '913'].map((id, i) => ({
      id,
      namespace: 'bounded',
      values: vector(1, i),
      metadata,
    }))
    const small = createD1VectorStore({ db: env.DB, space: 'bound', dimensions: 2, maxVectors: 2 })
    await small.upsert(rows)
    const query = { namespace: 'bounded', vector: vector(1, 0), topK: 5 }
    const error = await small.query(query).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderError)
    expect((error as ProviderError).message).toMatch(/more than 2 vectors.*vectorize/i)
    const roomy = createD1VectorStore({ db: env.DB, space: 'bound', dimensions: 2, maxVectors: 3 })
    expect((await roomy.query(query)).map((m) => m.id)).toEqual(['911', '912', '913'])
  })

  it('refuses vectors of another dimension', async () => {
    const store = createD1VectorStore({ db: env.DB, space: 'dims', dimensions: 3 })
    await expect(
      store.upsert([{ id: '1', namespace: 'n', values: vector(1, 0), metadata }]),
    ).rejects.toBeInstanceOf(ValidationError)
  })

  it('never mixes embedding spaces in one namespace', async () => {
    const a = createD1VectorStore({ db: env.DB, space: 'space-a', dimensions: 2 })
    const b = createD1VectorStore({ db: env.DB, space: 'space-b', dimensions: 2 })
    await a.upsert([{ id: '901', namespace: 'mixed', values: vector(1, 0), metadata }])
    expect(await b.query({ namespace: 'mixed', vector: vector(1, 0), topK: 5 })).toEqual([])
  })

  it('sees rows written by another store instance (cache follows the version counter)', async () => {
    const reader = createD1VectorStore({ db: env.DB, space: 'shared', dimensions: 2 })
    expect(await reader.query({ namespace: 'fresh', vector: vector(1, 0), topK: 5 })).toEqual([])
    const writer = createD1VectorStore({ db: env.DB, space: 'shared', dimensions: 2 })
    await writer.upsert([{ id: '902', namespace: 'fresh', values: vector(1, 0), metadata }])
    expect(
      (await reader.query({ namespace: 'fresh', vector: vector(1, 0), topK: 5 })).map((m) => m.id),
    ).toEqual(['902'])
  })

  it('keeps a warm cache right through appends, replacements and deletes', async () => {
    const store = createD1VectorStore({ db: env.DB, space: 'warm', dimensions: 2 })
    const ns = 'warm-cache'
    const ask = async () =>
      (await store.query({ namespace: ns, vector: vector(1, 0), topK: 10 })).map((m) => [
        m.id,
        Number(m.score.toFixed(3)),
      ])
    await store.upsert([{ id: '910', namespace: ns, values: vector(1, 0), metadata }])
    expect(await ask()).toEqual([['910', 1]])
    await store.upsert([{ id: '911', namespace: ns, values: vector(0.6, 0.8), metadata }])
    expect(await ask()).toEqual([
      ['910', 1],
      ['911', 0.6],
    ])
    await store.upsert([{ id: '910', namespace: ns, values: vector(0, 1), metadata }])
    expect(await ask()).toEqual([
      ['911', 0.6],
      ['910', 0],
    ])
    await store.deleteByIds(['911'])
    expect(await ask()).toEqual([['910', 0]])
  })

  it('stores vectors as little-endian Float32 blobs', async () => {
    const store = createD1VectorStore({ db: env.DB, space: 'blob', dimensions: 2 })
    await store.upsert([{ id: '903', namespace: 'blob', values: vector(1.5, -2), metadata }])
    const row = await env.DB.prepare(
      `SELECT vector FROM chunk_vectors WHERE chunk_id = '903'`,
    ).first<{
      vector: ArrayBuffer | number[]
    }>()
    const bytes =
      row?.vector instanceof ArrayBuffer
        ? new Uint8Array(row.vector)
        : Uint8Array.from(row?.vector ?? [])
    const view = new DataView(bytes.buffer)
    expect([view.getFloat32(0, true), view.getFloat32(4, true)]).toEqual([1.5, -2])
  })
})

describe('Vectorize adapter', () => {
  it('sends chunk ids, namespace, plain arrays and metadata to upsert', async () => {
    const spy = vi.spyOn(env.VECTORIZE, 'upsert').mockResolvedValue({ ids: ['7'], count: 1 })
    await createVectorizeStore(env.VECTORIZE).upsert([
      { id: '7', namespace: 'corpus', values: vector(0.5, 0.5), metadata },
    ])
    expect(spy).toHaveBeenCalledWith([
      { id: '7', namespace: 'corpus', values: [0.5, 0.5], metadata },
    ])
    spy.mockRestore()
  })

  it('queries with namespace, topK, filter and metadata, and parses the matches', async () => {
    const spy = vi.spyOn(env.VECTORIZE, 'query').mockResolvedValue({
      count: 2,
      matches: [
        { id: '2', score: 0.4, metadata },
        { id: '1', score: 0.9, metadata: { sourceId: 's0' } },
      ],
    })
    const matches = await createVectorizeStore(env.VECTORIZE).query({
      namespace: 'corpus',
      vector: vector(1, 0),
      topK: 5,
      filter: { sourceId: 's1' },
    })
    expect(spy).toHaveBeenCalledWith([1, 0], {
      topK: 5,
      namespace: 'corpus',
      returnMetadata: 'all',
      filter: { sourceId: 's1' },
    })
    expect(matches.map((m) => m.id)).toEqual(['1', '2'])
    expect(matches[0]?.metadata).toEqual({ sourceId: 's0', documentId: '', paperKey: '', kind: '' })
    spy.mockRestore()
  })

  it('asks for indexed metadata only when topK is above 20 and caps topK at 100', async () => {
    const spy = vi.spyOn(env.VECTORIZE, 'query').mockResolvedValue({ count: 0, matches: [] })
    await createVectorizeStore(env.VECTORIZE).query({
      namespace: 'corpus',
      vector: vector(1, 0),
      topK: 500,
    })
    expect(spy.mock.calls[0]?.[1]).toMatchObject({ topK: 100, returnMetadata: 'indexed' })
    spy.mockRestore()
  })

  it('turns binding failures into retryable ProviderErrors', async () => {
    const spy = vi
      .spyOn(env.VECTORIZE, 'deleteByIds')
      .mockRejectedValue(new Error('index unavailable'))
    const error = await createVectorizeStore(env.VECTORIZE)
      .deleteByIds(['1'])
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderError)
    expect((error as ProviderError).retryable).toBe(true)
    spy.mockRestore()
  })
})
