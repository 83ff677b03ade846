// Typed D1 queries for the D1 VectorStore adapter: chunk_vectors rows (Float32 little-endian
// BLOBs per namespace and embedding space) and the index_versions counters guarding caches.

/** D1 allows 100 bound parameters per statement; rows are packed below that. */
export const MAX_BOUND_PARAMS = 99

export interface StoredVectorRow {
  rowid: number
  chunk_id: string
  /** The BLOB as hex: D1 returns BLOBs as JSON arrays of byte values, ~4x slower to decode. */
  vector_hex: string
  source_id: string
  document_id: string
  paper_key: string
  kind: string
}

export interface VectorRowInput {
  chunkId: string
  namespace: string
  space: string
  dimensions: number
  vector: ArrayBuffer
  sourceId: string
  documentId: string
  paperKey: string
  kind: string
}

/** Bumped on every write to a namespace's vectors in one space. */
export function vectorScope(namespace: string, space: string): string {
  return `vectors:${namespace}:${space}`
}

/** Bumped only when stored rows change or go (not on appends): caches must then reload all. */
export function rewriteScope(namespace: string, space: string): string {
  return `vectors-rewrite:${namespace}:${space}`
}

/** Splits rows so each statement binds at most MAX_BOUND_PARAMS values. */
export function packRows<T>(rows: readonly T[], paramsPerRow: number): T[][] {
  const perStatement = Math.max(1, Math.floor(MAX_BOUND_PARAMS / paramsPerRow))
  const packs: T[][] = []
  for (let i = 0; i < rows.length; i += perStatement) packs.push(rows.slice(i, i + perStatement))
  return packs
}

export function upsertVectorStatements(
  db: D1Database,
  rows: VectorRowInput[],
): D1PreparedStatement[] {
  return packRows(rows, 9).map((pack) => {
    const values = pack.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')
    return db
      .prepare(
        `INSERT INTO chunk_vectors (chunk_id, namespace, space, dimensions, vector, source_id,
           document_id, paper_key, kind) VALUES ${values}
         ON CONFLICT (namespace, chunk_id) DO UPDATE SET space = excluded.space,
           dimensions = excluded.dimensions, vector = excluded.vector,
           source_id = excluded.source_id, document_id = excluded.document_id,
           paper_key = excluded.paper_key, kind = excluded.kind`,
      )
      .bind(
        ...pack.flatMap((r) => [
          r.chunkId,
          r.namespace,
          r.space,
          r.dimensions,
          r.vector,
          r.sourceId,
          r.documentId,
          r.paperKey,
          r.kind,
        ]),
      )
  })
}

export function bumpVersionStatement(db: D1Database, scope: string): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO index_versions (scope, version) VALUES (?, 1)
       ON CONFLICT (scope) DO UPDATE SET version = version + 1`,
    )
    .bind(scope)
}

/** Versions of the given scopes (0 for a scope never written). */
export async function readVersions(db: D1Database, scopes: string[]): Promise<Map<string, number>> {
  const { results } = await db
    .prepare(
      `SELECT scope, version FROM index_versions WHERE scope IN (${scopes.map(() => '?').join(', ')})`,
    )
    .bind(...scopes)
    .all<{ scope: string; version: number }>()
  return new Map(scopes.map((s) => [s, results.find((r) => r.scope === s)?.version ?? 0]))
}

/** Which of these chunk ids already have a vector in the namespace. */
export async function existingVectorIds(
  db: D1Database,
  namespace: string,
  ids: string[],
): Promise<Set<string>> {
  const found = new Set<string>()
  // One parameter is the namespace, so 98 ids per statement.
  for (let i = 0; i < ids.length; i += MAX_BOUND_PARAMS - 1) {
    const pack = ids.slice(i, i + MAX_BOUND_PARAMS - 1)
    const { results } = await db
      .prepare(
        `SELECT chunk_id FROM chunk_vectors WHERE namespace = ?
         AND chunk_id IN (${pack.map(() => '?').join(', ')})`,
      )
      .bind(namespace, ...pack)
      .all<{ chunk_id: string }>()
    for (const r of results) found.add(r.chunk_id)
  }
  return found
}

/** One page of a namespace's vectors in one space, in rowid order. */
export async function readVectorPage(
  db: D1Database,
  page: { namespace: string; space: string; afterRowid: number; limit: number },
): Promise<StoredVectorRow[]> {
  const { results } = await db
    .prepare(
      `SELECT rowid, chunk_id, hex(vector) AS vector_hex, source_id, document_id, paper_key, kind
       FROM chunk_vectors WHERE namespace = ? AND space = ? AND rowid > ?
       ORDER BY rowid LIMIT ?`,
    )
    .bind(page.namespace, page.space, page.afterRowid, page.limit)
    .all<StoredVectorRow>()
  return results
}

/** Version scopes (change and rewrite) of every (namespace, space) holding these chunk ids. */
export async function scopesOfChunks(db: D1Database, ids: string[]): Promise<string[]> {
  const scopes = new Set<string>()
  for (const pack of packRows(ids, 1)) {
    const { results } = await db
      .prepare(
        `SELECT DISTINCT namespace, space FROM chunk_vectors
         WHERE chunk_id IN (${pack.map(() => '?').join(', ')})`,
      )
      .bind(...pack)
      .all<{ namespace: string; space: string }>()
    for (const r of results) {
      scopes.add(vectorScope(r.namespace, r.space))
      scopes.add(rewriteScope(r.namespace, r.space))
    }
  }
  return [...scopes]
}

export function deleteVectorStatements(db: D1Database, ids: string[]): D1PreparedStatement[] {
  return packRows(ids, 1).map((pack) =>
    db
      .prepare(`DELETE FROM chunk_vectors WHERE chunk_id IN (${pack.map(() => '?').join(', ')})`)
      .bind(...pack),
  )
}
