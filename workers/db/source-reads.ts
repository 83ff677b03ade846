// Typed reads of one knowledge-base source for its page: the source row and its passages in
// document order.
import { asc, eq } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import { chunks, sources, type SourceRow } from './schema'

export interface SourcePassageRow {
  page: number | null
  text: string
}

export async function readSource(db: D1Database, id: string): Promise<SourceRow | undefined> {
  return drizzle(db).select().from(sources).where(eq(sources.id, id)).get()
}

/** The first `limit` passages of a source, by document then position. */
export async function readSourcePassages(
  db: D1Database,
  id: string,
  limit: number,
): Promise<SourcePassageRow[]> {
  return drizzle(db)
    .select({ page: chunks.page, text: chunks.content })
    .from(chunks)
    .where(eq(chunks.sourceId, id))
    .orderBy(asc(chunks.documentId), asc(chunks.ordinal))
    .limit(limit)
}
