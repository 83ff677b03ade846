// The D1 VectorStore adapter (local runs, tests and small libraries; Vectorize has no local
// emulator): vectors as Float32 BLOBs in chunk_vectors, exact cosine over an in-isolate matrix
// per namespace and space. Writes bump index_versions in the same batch; a query then reads
// only the appended rows, or everything again when stored rows were replaced or deleted. The
// matrix lives in the isolate's 128 MB, so a namespace past MATRIX_BUDGET_BYTES of vectors is
// refused (the vector list fails, BM25 answers, `vector:failed` says so): that is Vectorize's
// size (workers/retrieval/README.md).
import {
  bumpVersionStatement,
  deleteVectorStatements,
  existingVectorIds,
  perDatabaseCache,
  readVersions,
  rewriteScope,
  scopesOfChunks,
  upsertVectorStatements,
  vectorScope,
} from '../../db'
import { ProviderError, ValidationError } from '../../errors'
import type { VectorQuery, VectorRecord, VectorStore } from '../vector-store'
import { vectorToBlob } from './blob'
import { appendRows, loadRows, MatrixTooLargeError } from './matrix-loader'
import { topMatches, type VectorMatrix } from './vector-matrix'

interface CachedMatrix {
  version: number
  rewrite: number
  lastRowid: number
  matrix: VectorMatrix
}

export interface D1VectorStoreOptions {
  db: D1Database
  /** Embedder id: this store reads and writes only vectors of this space. */
  space: string
  dimensions: number
  /** Vectors one namespace may hold in memory (default: MATRIX_BUDGET_BYTES of float32). */
  maxVectors?: number
}

/** A third of a Worker isolate's 128 MB: 21,845 vectors of 384 dimensions, 10,922 of 768. */
export const MATRIX_BUDGET_BYTES = 32 * 1024 * 1024

/** Shared by every store over the same database binding in this isolate. */
const cacheFor = perDatabaseCache(() => new Map<string, CachedMatrix>())

export function createD1VectorStore(options: D1VectorStoreOptions): VectorStore {
  const { db, space, dimensions } = options
  const maxVectors = options.maxVectors ?? Math.floor(MATRIX_BUDGET_BYTES / (4 * dimensions))
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
    const versions = await readVersions(db, [scope, rewriteScope(namespace, space)])
    const version = versions.get(scope) ?? 0
    const rewrite = versions.get(rewriteScope(namespace, space)) ?? 0
    const cached = cache.get(scope)
    if (cached && cached.version === version) return cached.matrix
    const grow = cached && cached.rewrite === rewrite ? cached : null
    const held = grow?.matrix.ids.length ?? 0
    const where = { namespace, space, dimensions, afterRowid: grow?.lastRowid ?? 0 }
    const rows = await loadRows(db, where, maxVectors - held).catch((error: unknown) => {
      if (!(error instanceof MatrixTooLargeError)) throw error
      throw new ProviderError(
        'vector-store',
        `Namespace ${namespace} holds more than ${maxVectors} vectors, more than the D1 vector store keeps in memory; use VECTOR_STORE=vectorize`,
      )
    })
    const matrix = appendRows(grow?.matrix ?? null, rows, dimensions)
    cache.set(scope, { version, rewrite, lastRowid: rows.lastRowid, matrix })
    return matrix
  }

  /** Version bumps for an upsert: replacing an existing vector is a rewrite, not an append. */
  async function upsertBumps(records: VectorRecord[]): Promise<D1PreparedStatement[]> {
    const bumps: D1PreparedStatement[] = []
    for (const namespace of new Set(records.map((r) => r.namespace))) {
      const ids = records.filter((r) => r.namespace === namespace).map((r) => r.id)
      bumps.push(bumpVersionStatement(db, vectorScope(namespace, space)))
      const existing = await existingVectorIds(db, namespace, ids)
      if (existing.size > 0) bumps.push(bumpVersionStatement(db, rewriteScope(namespace, space)))
    }
    return bumps
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
      await db.batch([...upsertVectorStatements(db, rows), ...(await upsertBumps(records))])
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
