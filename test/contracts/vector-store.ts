// Contract suite for the VectorStore port, run against every adapter that works locally
// (D1; Vectorize through an in-memory fake of the binding). `make` gets a fresh store for
// vectors of `dimensions`; each test uses its own namespace.
import { describe, expect, it } from 'vitest'
import type { VectorMetadata, VectorRecord, VectorStore } from '../../workers/retrieval'

const DIMENSIONS = 4
let counter = 0
const namespace = () => `contract-${Date.now().toString(36)}-${counter++}`

function meta(overrides: Partial<VectorMetadata> = {}): VectorMetadata {
  return {
    sourceId: 'src-a',
    documentId: 'doc-a',
    paperKey: 'paper-a',
    kind: 'arxiv',
    ...overrides,
  }
}

function record(
  id: string,
  ns: string,
  values: number[],
  overrides: Partial<VectorMetadata> = {},
): VectorRecord {
  return { id, namespace: ns, values: Float32Array.from(values), metadata: meta(overrides) }
}

const query = (ns: string, values: number[], topK = 10, filter?: Partial<VectorMetadata>) => ({
  namespace: ns,
  vector: Float32Array.from(values),
  topK,
  ...(filter ? { filter } : {}),
})

export function describeVectorStoreContract(
  name: string,
  make: (dimensions: number) => VectorStore | Promise<VectorStore>,
): void {
  describe(`VectorStore contract: ${name}`, () => {
    it('returns nothing from an empty namespace', async () => {
      const store = await make(DIMENSIONS)
      expect(await store.query(query(namespace(), [1, 0, 0, 0]))).toEqual([])
    })

    it('ranks by cosine similarity, best first, with metadata', async () => {
      const store = await make(DIMENSIONS)
      const ns = namespace()
      await store.upsert([
        record('1', ns, [1, 0, 0, 0]),
        record('2', ns, [0.8, 0.6, 0, 0], { sourceId: 'src-b' }),
        record('3', ns, [0, 0, 1, 0]),
      ])
      const matches = await store.query(query(ns, [2, 0, 0, 0]))
      expect(matches.map((m) => m.id)).toEqual(['1', '2', '3'])
      expect(matches[0]?.score).toBeCloseTo(1, 4)
      expect(matches[1]?.score).toBeCloseTo(0.8, 4)
      expect(matches[1]?.metadata).toEqual(meta({ sourceId: 'src-b' }))
    })

    it('returns at most topK matches', async () => {
      const store = await make(DIMENSIONS)
      const ns = namespace()
      await store.upsert([1, 2, 3, 4, 5].map((i) => record(String(i), ns, [1, i / 10, 0, 0])))
      expect(await store.query(query(ns, [1, 0, 0, 0], 2))).toHaveLength(2)
    })

    it('keeps namespaces apart', async () => {
      const store = await make(DIMENSIONS)
      const [a, b] = [namespace(), namespace()]
      await store.upsert([record('10', a, [1, 0, 0, 0]), record('11', b, [1, 0, 0, 0])])
      expect((await store.query(query(a, [1, 0, 0, 0]))).map((m) => m.id)).toEqual(['10'])
    })

    it('filters on metadata equality', async () => {
      const store = await make(DIMENSIONS)
      const ns = namespace()
      await store.upsert([
        record('20', ns, [1, 0, 0, 0], { sourceId: 'src-x', kind: 'web' }),
        record('21', ns, [1, 0.1, 0, 0], { sourceId: 'src-y', kind: 'web' }),
        record('22', ns, [1, 0.2, 0, 0], { sourceId: 'src-y', kind: 'pdf' }),
      ])
      const bySource = await store.query(query(ns, [1, 0, 0, 0], 10, { sourceId: 'src-y' }))
      expect(bySource.map((m) => m.id)).toEqual(['21', '22'])
      const both = await store.query(
        query(ns, [1, 0, 0, 0], 10, { sourceId: 'src-y', kind: 'pdf' }),
      )
      expect(both.map((m) => m.id)).toEqual(['22'])
    })

    it('replaces a vector and its metadata when the same id is upserted again', async () => {
      const store = await make(DIMENSIONS)
      const ns = namespace()
      await store.upsert([record('30', ns, [1, 0, 0, 0]), record('31', ns, [0, 1, 0, 0])])
      await store.upsert([record('30', ns, [0, 0, 0, 1], { kind: 'pdf' })])
      const matches = await store.query(query(ns, [0, 0, 0, 1]))
      expect(matches[0]?.id).toBe('30')
      expect(matches[0]?.metadata.kind).toBe('pdf')
      expect(matches.filter((m) => m.id === '30')).toHaveLength(1)
    })

    it('forgets deleted ids', async () => {
      const store = await make(DIMENSIONS)
      const ns = namespace()
      await store.upsert([record('40', ns, [1, 0, 0, 0]), record('41', ns, [0.9, 0.1, 0, 0])])
      await store.deleteByIds(['40'])
      expect((await store.query(query(ns, [1, 0, 0, 0]))).map((m) => m.id)).toEqual(['41'])
    })

    it('treats empty upserts and deletes as no-ops', async () => {
      const store = await make(DIMENSIONS)
      await expect(store.upsert([])).resolves.toBeUndefined()
      await expect(store.deleteByIds([])).resolves.toBeUndefined()
    })
  })
}
