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

export function vectorScope(namespace: string, space: string): string {
  return `vectors:${namespace}:${space}`
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

export async function readVersion(db: D1Database, scope: string): Promise<number> {
  const row = await db
    .prepare('SELECT version FROM index_versions WHERE scope = ?')
    .bind(scope)
    .first<{ version: number }>()
  return row?.version ?? 0
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

/** The (namespace, space) pairs holding any of these chunk ids. */
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
    for (const r of results) scopes.add(vectorScope(r.namespace, r.space))
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
