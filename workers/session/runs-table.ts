// Run records: one row per run with its kind and final status. Rows still 'running' when the
// object starts belong to a run that died with the previous instance (partial-answers.ts).
import type { RunStatus } from './session-tables'

export function insertRun(sql: SqlStorage, run: { id: string; kind: string; now: number }): void {
  sql.exec(
    "INSERT INTO runs (id, kind, status, started_at) VALUES (?, ?, 'running', ?)",
    run.id,
    run.kind,
    run.now,
  )
}

export function finishRun(sql: SqlStorage, id: string, status: RunStatus, now: number): void {
  sql.exec('UPDATE runs SET status = ?, ended_at = ? WHERE id = ?', status, now, id)
}
