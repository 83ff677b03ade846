// Statements for replacing a source's text: the documents a source held before an ingest that
// no longer carries them, their chunk ids (whose vectors go first), and their deletion (chunks,
// sections, documents; FTS5 rows and term postings follow the chunks by trigger).
import { packRows } from './vector-queries'

export interface ReplacedDocuments {
  documentIds: string[]
  chunkIds: number[]
}

/** Documents of `keep`'s sources other than the ones kept, and their chunk ids. */
export async function replacedDocuments(
  db: D1Database,
  keep: ReadonlyMap<string, ReadonlySet<string>>,
): Promise<ReplacedDocuments> {
  const documentIds: string[] = []
  for (const pack of packRows([...keep.keys()], 1)) {
    const { results } = await db
      .prepare(
        `SELECT id, source_id FROM documents WHERE source_id IN (${pack.map(() => '?').join(', ')})`,
      )
      .bind(...pack)
      .all<{ id: string; source_id: string }>()
    for (const row of results) if (!keep.get(row.source_id)?.has(row.id)) documentIds.push(row.id)
  }
  const chunkIds: number[] = []
  for (const pack of packRows(documentIds, 1)) {
    const { results } = await db
      .prepare(`SELECT id FROM chunks WHERE document_id IN (${pack.map(() => '?').join(', ')})`)
      .bind(...pack)
      .all<{ id: number }>()
    chunkIds.push(...results.map((r) => r.id))
  }
  return { documentIds, chunkIds }
}

/** Deletes documents with their chunks and sections, children first. */
export function deleteDocumentsStatements(
  db: D1Database,
  documentIds: string[],
): D1PreparedStatement[] {
  return packRows(documentIds, 1).flatMap((pack) => {
    const marks = pack.map(() => '?').join(', ')
    return [
      db.prepare(`DELETE FROM chunks WHERE document_id IN (${marks})`).bind(...pack),
      db.prepare(`DELETE FROM sections WHERE document_id IN (${marks})`).bind(...pack),
      db.prepare(`DELETE FROM documents WHERE id IN (${marks})`).bind(...pack),
    ]
  })
}
