// Merging the FTS5 index after bulk ingest. Every write batch leaves a segment (a b-tree) and
// FTS5's automerge only merges a level once it fills, so a freshly seeded library keeps a dozen
// or more segments, and a query reads each of them. 'merge' with a negative page count merges
// across levels towards one segment, writing about that many pages per call: small steps that
// other statements can run between.

/** Pages (~4 KB each) one step writes: tens of milliseconds of SQLite work. */
export const FTS_MERGE_STEP_PAGES = 500

/**
 * Runs one bounded merge step and tells whether it did any work (more may remain). FTS5 marks
 * a step that found nothing to merge by changing total_changes() by less than 2; the three
 * statements run in one batch, on one connection.
 */
export async function mergeFtsStep(db: D1Database, pages = FTS_MERGE_STEP_PAGES): Promise<boolean> {
  const changes = db.prepare('SELECT total_changes() AS n')
  const [before, , after] = await db.batch<{ n: number }>([
    changes,
    db.prepare(`INSERT INTO chunks_fts(chunks_fts, rank) VALUES('merge', ?)`).bind(-pages),
    changes,
  ])
  const count = (result: D1Result<{ n: number }> | undefined) => result?.results[0]?.n ?? 0
  return count(after) - count(before) >= 2
}
