// The D1 VectorStore adapter (local runs and tests; Vectorize has no local emulator): vectors
// as Float32 BLOBs in chunk_vectors, exact cosine over an in-isolate matrix per namespace and
// space. Every write bumps index_versions in the same batch; a query reloads on a new version.
import {
  bumpVersionStatement,
  deleteVectorStatements,
  readVectorPage,
  readVersion,
  scopesOfChunks,
  upsertVectorStatements,
  vectorScope,
} from '../../db/vector-queries'
import { ValidationError } from '../../errors'
import type { VectorMetadata, VectorQuery, VectorRecord, VectorStore } from '../vector-store'
import { blobToVector, vectorToBlob } from './blob'
import { computeNorms, topMatches, type VectorMatrix } from './vector-matrix'

const PAGE_ROWS = 1000

interface CachedMatrix {
  version: number
  matrix: VectorMatrix
}

export interface D1VectorStoreOptions {
  db: D1Database
  /** Embedder id: this store reads and writes only vectors of this space. */
  space: string
  dimensions: number
}

async function loadMatrix(db: D1Database, namespace: string, o: D1VectorStoreOptions) {
  const ids: string[] = []
  const metadata: VectorMetadata[] = []
  const chunks: Float32Array[] = []
  let afterRowid = 0
  for (;;) {
    const page = await readVectorPage(db, {
      namespace,
      space: o.space,
      afterRowid,
      limit: PAGE_ROWS,
    })
    const values = new Float32Array(page.length * o.dimensions)
    page.forEach((row, i) => {
      blobToVector(row.vector_hex, { values, offset: i * o.dimensions })
      ids.push(row.chunk_id)
      metadata.push({
        sourceId: row.source_id,
        documentId: row.document_id,
        paperKey: row.paper_key,
        kind: row.kind,
      })
    })
    chunks.push(values)
    if (page.length < PAGE_ROWS) break
    afterRowid = page[page.length - 1]?.rowid ?? afterRowid
  }
  const values = new Float32Array(ids.length * o.dimensions)
  let offset = 0
  for (const c of chunks) {
    values.set(c, offset)
    offset += c.length
  }
  const base = { dimensions: o.dimensions, ids, metadata, values }
  return { ...base, norms: computeNorms(base) }
}

/** Shared by every store over the same database binding in this isolate. */
const caches = new WeakMap<D1Database, Map<string, CachedMatrix>>()

function cacheFor(db: D1Database): Map<string, CachedMatrix> {
  let cache = caches.get(db)
  if (!cache) caches.set(db, (cache = new Map()))
  return cache
}

export function createD1VectorStore(options: D1VectorStoreOptions): VectorStore {
  const { db, space, dimensions } = options
  const cache = cacheFor(db)

  function checkDimensions(vector: Float32Array): void {
    if (vector.length !== dimensions) {
      throw new ValidationError(
        `Vector has ${vector.length} dimensions; this store holds ${dimensions}`,
      )
    }
  }

  async function matrixFor(namespace: string): Promise<VectorMatrix> {
    const scope = vectorScope(namespace, space)
    const version = await readVersion(db, scope)
    const cached = cache.get(scope)
    if (cached && cached.version === version) return cached.matrix
    const matrix = await loadMatrix(db, namespace, options)
    cache.set(scope, { version, matrix })
    return matrix
  }

  return {
    async upsert(records: VectorRecord[], signal?: AbortSignal) {
      if (records.length === 0) return
      signal?.throwIfAborted()
      records.forEach((r) => checkDimensions(r.values))
      const rows = records.map((r) => ({
        chunkId: r.id,
        namespace: r.namespace,
        space,
        dimensions,
        vector: vectorToBlob(r.values),
        ...r.metadata,
      }))
      const scopes = new Set(records.map((r) => vectorScope(r.namespace, space)))
      await db.batch([
        ...upsertVectorStatements(db, rows),
        ...[...scopes].map((scope) => bumpVersionStatement(db, scope)),
      ])
    },

    async query(query: VectorQuery, signal?: AbortSignal) {
      signal?.throwIfAborted()
      checkDimensions(query.vector)
      return topMatches(await matrixFor(query.namespace), query)
    },

    async deleteByIds(ids: string[], signal?: AbortSignal) {
      if (ids.length === 0) return
      signal?.throwIfAborted()
      const scopes = await scopesOfChunks(db, ids)
      await db.batch([
        ...deleteVectorStatements(db, ids),
        ...scopes.map((scope) => bumpVersionStatement(db, scope)),
      ])
    },
  }
}
