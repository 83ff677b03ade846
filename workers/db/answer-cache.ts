// Typed queries over answer_cache: one stored answer payload per cache key, with the sources it
// lists, so deleting a source purges every answer that cites it.
import { eq } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import { answerCache } from './schema'
import { packRows } from './vector-queries'

export interface CachedAnswerRow {
  payload: Record<string, unknown>
  createdAt: Date
  sourceIds: string[]
}

export async function readAnswerCacheRow(
  db: D1Database,
  key: string,
): Promise<CachedAnswerRow | undefined> {
  return drizzle(db)
    .select({
      payload: answerCache.payload,
      createdAt: answerCache.createdAt,
      sourceIds: answerCache.sourceIds,
    })
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

/**
 * Deletes every cached answer listing one of `sourceIds`, and every row past `expiredBefore`
 * (never replayed, so only kept text); returns how many rows went.
 */
export async function purgeAnswerCache(
  db: D1Database,
  sourceIds: readonly string[],
  expiredBefore: number,
): Promise<number> {
  const statements = [
    db.prepare('DELETE FROM answer_cache WHERE created_at < ?').bind(expiredBefore),
    ...packRows(sourceIds, 1).map((pack) =>
      db
        .prepare(
          `DELETE FROM answer_cache WHERE EXISTS (SELECT 1 FROM json_each(answer_cache.source_ids) j
           WHERE j.value IN (${pack.map(() => '?').join(', ')}))`,
        )
        .bind(...pack),
    ),
  ]
  const results = await db.batch(statements)
  return results.reduce((n, r) => n + (r.meta.changes ?? 0), 0)
}
