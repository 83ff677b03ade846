// The progress log: status packets of every run, in order (GET /api/progress/:session).
// Bounded so a long-lived session cannot grow it without limit.
import type { StatusPacket } from './rpc-schemas'

const MAX_ROWS = 1000

export function recordProgress(
  sql: SqlStorage,
  runId: string,
  packet: StatusPacket,
  now: number,
): void {
  sql.exec(
    'INSERT INTO progress (run_id, packet, created_at) VALUES (?, ?, ?)',
    runId,
    JSON.stringify(packet),
    now,
  )
  sql.exec('DELETE FROM progress WHERE seq <= (SELECT MAX(seq) FROM progress) - ?', MAX_ROWS)
}

/** Only status packets are recorded, so that is what comes back. */
export function listProgress(sql: SqlStorage): StatusPacket[] {
  return sql
    .exec<{ packet: string }>('SELECT packet FROM progress ORDER BY seq')
    .toArray()
    .map((row) => JSON.parse(row.packet) as StatusPacket)
}
