// Typed queries over answer_cache: one stored answer payload per cache key.
import { eq } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import { answerCache } from './schema'

export interface CachedAnswerRow {
  payload: Record<string, unknown>
  createdAt: Date
}

export async function readAnswerCacheRow(
  db: D1Database,
  key: string,
): Promise<CachedAnswerRow | undefined> {
  return drizzle(db)
    .select({ payload: answerCache.payload, createdAt: answerCache.createdAt })
    .from(answerCache)
    .where(eq(answerCache.key, key))
    .get()
}

/** Inserts or replaces the row for `key`. */
export async function writeAnswerCacheRow(
  db: D1Database,
  key: string,
  row: CachedAnswerRow,
): Promise<void> {
  await drizzle(db)
    .insert(answerCache)
    .values({ key, ...row })
    .onConflictDoUpdate({ target: answerCache.key, set: row })
}
