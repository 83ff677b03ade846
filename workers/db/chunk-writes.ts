// Typed D1 statements for the indexer's write path, part 2: sections, and chunks whose
// content hash is new for their document (the FTS5 rows follow by trigger). Every statement
// binds fewer than 100 parameters (D1's limit).
import { packRows } from './vector-queries'

export interface SectionRowInput {
  id: string
  documentId: string
  ordinal: number
  heading: string | null
  page: number | null
}

export function insertSectionStatements(
  db: D1Database,
  rows: SectionRowInput[],
): D1PreparedStatement[] {
  return packRows(rows, 5).map((pack) =>
    db
      .prepare(
        `INSERT INTO sections (id, document_id, ordinal, heading, page)
         VALUES ${pack.map(() => '(?, ?, ?, ?, ?)').join(', ')} ON CONFLICT (id) DO NOTHING`,
      )
      .bind(...pack.flatMap((r) => [r.id, r.documentId, r.ordinal, r.heading, r.page])),
  )
}

/** Content hashes already stored, keyed `documentId \0 hash`. */
export async function existingChunkKeys(
  db: D1Database,
  documentIds: string[],
): Promise<Set<string>> {
  const keys = new Set<string>()
  for (const pack of packRows(documentIds, 1)) {
    const { results } = await db
      .prepare(
        `SELECT document_id, content_hash FROM chunks
         WHERE document_id IN (${pack.map(() => '?').join(', ')})`,
      )
      .bind(...pack)
      .all<{ document_id: string; content_hash: string }>()
    for (const r of results) keys.add(`${r.document_id}\u0000${r.content_hash}`)
  }
  return keys
}

export interface ChunkRowInput {
  documentId: string
  sectionId: string | null
  sourceId: string
  namespace: string
  paperKey: string
  ordinal: number
  title: string
  content: string
  tokenCount: number
  page: number | null
  contentHash: string
}

/** RETURNING names each inserted row by (document, hash): row order is not guaranteed. */
export function insertChunkStatements(
  db: D1Database,
  rows: ChunkRowInput[],
): D1PreparedStatement[] {
  return packRows(rows, 11).map((pack) =>
    db
      .prepare(
        `INSERT INTO chunks (document_id, section_id, source_id, namespace, paper_key, ordinal,
           title, content, token_count, page, content_hash)
         VALUES ${pack.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}
         ON CONFLICT (document_id, content_hash) DO NOTHING
         RETURNING id, document_id, content_hash`,
      )
      .bind(
        ...pack.flatMap((r) => [
          r.documentId,
          r.sectionId,
          r.sourceId,
          r.namespace,
          r.paperKey,
          r.ordinal,
          r.title,
          r.content,
          r.tokenCount,
          r.page,
          r.contentHash,
        ]),
      ),
  )
}

export function deleteChunkStatements(db: D1Database, ids: number[]): D1PreparedStatement[] {
  return packRows(ids, 1).map((pack) =>
    db.prepare(`DELETE FROM chunks WHERE id IN (${pack.map(() => '?').join(', ')})`).bind(...pack),
  )
}
