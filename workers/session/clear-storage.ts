// The last erasure step, inside SessionDO: every row of its SQLite (messages, checkpoints,
// pending content, progress, runs, quotas, files, share links) and its alarm go; the tombstone
// is written back, finished, and the session's own tables are made again, empty.
import { createPartialsTable } from './partial-answers'
import { createSessionTables } from './session-tables'
import { writeFinishedTombstone, type TombstoneRow } from './tombstone'

/** Rows in every table but the tombstone's and the platform's own. */
function countRows(sql: SqlStorage): number {
  const tables = sql
    .exec<{ name: string }>(
      `SELECT name FROM sqlite_master WHERE type = 'table'
       AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'erasure'`,
    )
    .toArray()
  let rows = 0
  for (const { name } of tables) {
    rows += sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM "${name}"`).one().n
  }
  return rows
}

/** Clears the storage but for the finished tombstone; returns the rows that went. */
export async function clearSessionStorage(
  storage: DurableObjectStorage,
  tombstone: TombstoneRow,
  now: number,
): Promise<number> {
  const rows = countRows(storage.sql)
  await storage.deleteAlarm()
  await storage.deleteAll()
  createSessionTables(storage.sql)
  createPartialsTable(storage.sql)
  writeFinishedTombstone(storage.sql, tombstone, now)
  return rows
}
