// Re-ingesting a source replaces its text: once the new documents are stored, the documents it
// held before that the new ingest does not carry go, as after a delete (vectors first, then
// chunks, sections and documents; FTS5 and the term postings follow by trigger). A request
// carrying no text leaves the source's documents alone.
import { deleteDocumentsStatements, replacedDocuments } from '../../db'
import type { VectorStore } from '../vector-store'
import type { PlacedDocument } from './chunk-writer'
import type { PreparedRequest } from './prepare'

/** Statements per db.batch, as the chunk writer's. */
const STATEMENTS_PER_BATCH = 50

/**
 * Each source's documents as this group stored them. A source with a document left unplaced
 * (its id not found) is left out: nothing of it is removed on a partial picture.
 */
function keptDocuments(prepared: PreparedRequest[], placed: PlacedDocument[]) {
  const byDoc = new Map(placed.map((d) => [d.doc, d]))
  const keep = new Map<string, Set<string>>()
  const partial = new Set<string>()
  for (const p of prepared) {
    const stored = p.documents.map((doc) => byDoc.get(doc))
    const source = stored.find((d) => d !== undefined)?.sourceId
    if (!source) continue
    if (stored.some((d) => d === undefined)) partial.add(source)
    const ids = keep.get(source) ?? new Set<string>()
    for (const d of stored) if (d) ids.add(d.id)
    keep.set(source, ids)
  }
  for (const source of partial) keep.delete(source)
  return keep
}

/** Removes the documents the group's sources no longer carry; returns how many went. */
export async function removeReplacedDocuments(
  deps: { db: D1Database; vectors: VectorStore },
  group: { prepared: PreparedRequest[]; placed: PlacedDocument[] },
  signal?: AbortSignal,
): Promise<number> {
  const keep = keptDocuments(group.prepared, group.placed)
  if (keep.size === 0) return 0
  const stale = await replacedDocuments(deps.db, keep)
  if (stale.documentIds.length === 0) return 0
  // Vectors first: if their removal fails, the rows stay and a retry finds them again.
  await deps.vectors.deleteByIds(stale.chunkIds.map(String), signal)
  const statements = deleteDocumentsStatements(deps.db, stale.documentIds)
  for (let i = 0; i < statements.length; i += STATEMENTS_PER_BATCH) {
    await deps.db.batch(statements.slice(i, i + STATEMENTS_PER_BATCH))
  }
  return stale.documentIds.length
}
