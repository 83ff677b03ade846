// A deleted session's tombstone in its own SQLite: written (and the meta row dropped) before
// anything is erased, so every read answers as for an unknown session at once; kept after its
// storage is cleared, holding no content, so DELETE with the same token resumes or repeats.
import type { MetaRow } from './session-tables'

export interface TombstoneRow {
  session_id: string
  token_hash: string
  started_at: number
  finished_at: number | null
}

function table(sql: SqlStorage): SqlStorage {
  sql.exec(`CREATE TABLE IF NOT EXISTS erasure (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    session_id TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    started_at INTEGER NOT NULL,
    finished_at INTEGER
  )`)
  return sql
}

export function readTombstone(sql: SqlStorage): TombstoneRow | undefined {
  return table(sql)
    .exec<TombstoneRow & Record<string, SqlStorageValue>>(
      'SELECT session_id, token_hash, started_at, finished_at FROM erasure',
    )
    .toArray()[0]
}

/** Records the tombstone and drops the meta row in one transaction. */
export function buryMeta(storage: DurableObjectStorage, meta: MetaRow, now: number): void {
  storage.transactionSync(() => {
    table(storage.sql).exec(
      `INSERT OR IGNORE INTO erasure (id, session_id, token_hash, started_at) VALUES (1, ?, ?, ?)`,
      meta.session_id,
      meta.token_hash,
      now,
    )
    storage.sql.exec('DELETE FROM meta')
  })
}

/** Writes the tombstone back (after the storage was cleared) as finished. */
export function writeFinishedTombstone(sql: SqlStorage, row: TombstoneRow, now: number): void {
  table(sql).exec(
    `INSERT OR REPLACE INTO erasure (id, session_id, token_hash, started_at, finished_at)
     VALUES (1, ?, ?, ?, ?)`,
    row.session_id,
    row.token_hash,
    row.started_at,
    now,
  )
}
