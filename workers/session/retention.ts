// Expiry of idle sessions (SESSION_RETENTION_DAYS): each use records the time, and an alarm
// stands while the session is kept; when it fires on a session idle past the retention, the
// session is erased through the same path as DELETE. 0 days keeps sessions.
const DAY_MS = 24 * 60 * 60 * 1000

function table(sql: SqlStorage): SqlStorage {
  sql.exec(`CREATE TABLE IF NOT EXISTS activity (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    last_active_at INTEGER NOT NULL
  )`)
  return sql
}

export const retentionMs = (days: number) => days * DAY_MS

/** Records a use and makes sure an alarm stands (it reschedules itself while the session is used). */
export async function recordActivity(
  storage: DurableObjectStorage,
  now: number,
  retentionDays: number,
): Promise<void> {
  table(storage.sql).exec(
    `INSERT INTO activity (id, last_active_at) VALUES (1, ?)
     ON CONFLICT(id) DO UPDATE SET last_active_at = excluded.last_active_at`,
    now,
  )
  if (retentionDays <= 0) return
  if ((await storage.getAlarm()) === null) await storage.setAlarm(now + retentionMs(retentionDays))
}

/** When the session expires: its last use (or creation) plus the retention. */
export function expiresAt(sql: SqlStorage, createdAt: number, retentionDays: number): number {
  const row = table(sql)
    .exec<{ last_active_at: number }>('SELECT last_active_at FROM activity')
    .toArray()[0]
  return Math.max(row?.last_active_at ?? 0, createdAt) + retentionMs(retentionDays)
}
