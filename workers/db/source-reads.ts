// Typed reads of one knowledge-base source for its page: the source row and its passages in
// document order, from the source's own namespace only.
import { and, asc, eq } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import { chunks, sources, type SourceRow } from './schema'

export interface SourcePassageRow {
  page: number | null
  text: string
}

export async function readSource(db: D1Database, id: string): Promise<SourceRow | undefined> {
  return drizzle(db).select().from(sources).where(eq(sources.id, id)).get()
}

/**
 * The first `limit` passages of a source in its namespace, by document then position. (Rows
 * stored before sources had namespaces may share a source with another namespace's chunks.)
 */
export async function readSourcePassages(
  db: D1Database,
  source: Pick<SourceRow, 'id' | 'namespace'>,
  limit: number,
): Promise<SourcePassageRow[]> {
  return drizzle(db)
    .select({ page: chunks.page, text: chunks.content })
    .from(chunks)
    .where(and(eq(chunks.sourceId, source.id), eq(chunks.namespace, source.namespace)))
    .orderBy(asc(chunks.documentId), asc(chunks.ordinal))
    .limit(limit)
}
