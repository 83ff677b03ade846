// Crash safety for runs: the answer text streamed so far is written to the session's SQLite
// at most ~1 s after it is emitted, so a run that dies with its process (kill -9, eviction,
// a deploy) leaves its partial answer behind, shown as an interrupted message on restart.
import type { SessionStore } from './run-types'

/** At most this much streamed text can be lost when the process dies mid-run. */
export const PARTIAL_SAVE_MS = 1_000

export function createPartialsTable(sql: SqlStorage): void {
  sql.exec(`CREATE TABLE IF NOT EXISTS run_partials (
    run_id TEXT PRIMARY KEY,
    text TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  )`)
}

/** Collects a run's token text and writes it on a timer, never more often than PARTIAL_SAVE_MS. */
export class PartialWriter {
  #text = ''
  #timer: ReturnType<typeof setTimeout> | null = null
  #closed = false

  constructor(
    private readonly sql: SqlStorage,
    private readonly runId: string,
    private readonly now: () => number,
  ) {}

  append(text: string): void {
    if (this.#closed || !text) return
    this.#text += text
    this.#timer ??= setTimeout(() => this.#flush(), PARTIAL_SAVE_MS)
  }

  /** Text after the first `keep` characters was withdrawn (a `replace` packet). */
  truncate(keep: number): void {
    if (this.#closed || keep >= this.#text.length) return
    this.#text = this.#text.slice(0, keep)
    this.#timer ??= setTimeout(() => this.#flush(), PARTIAL_SAVE_MS)
  }

  /** The run ended and saved its own outcome: the partial is no longer needed. */
  discard(): void {
    this.#closed = true
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    this.sql.exec('DELETE FROM run_partials WHERE run_id = ?', this.runId)
  }

  #flush(): void {
    this.#timer = null
    if (this.#closed) return
    this.sql.exec(
      `INSERT INTO run_partials (run_id, text, updated_at) VALUES (?, ?, ?)
       ON CONFLICT(run_id) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at`,
      this.runId,
      this.#text,
      this.now(),
    )
  }
}

interface OrphanRow extends Record<string, SqlStorageValue> {
  id: string
  kind: string
  text: string | null
}

/**
 * Runs still 'running' when the object starts died with the previous instance: each gets an
 * assistant message holding its partial text (maybe empty), marked interrupted, so the
 * question is never left without a visible outcome. Returns how many were recovered.
 */
export function recoverOrphanedRuns(sql: SqlStorage, store: SessionStore, now: number): number {
  const orphans = sql
    .exec<OrphanRow>(
      `SELECT runs.id AS id, runs.kind AS kind, run_partials.text AS text
       FROM runs LEFT JOIN run_partials ON run_partials.run_id = runs.id
       WHERE runs.status = 'running' ORDER BY runs.started_at`,
    )
    .toArray()
  for (const orphan of orphans) {
    store.appendMessage({
      role: 'assistant',
      content: orphan.text ?? '',
      data: { kind: orphan.kind, run_id: orphan.id, interrupted: true, stopped: true },
    })
    sql.exec("UPDATE runs SET status = 'interrupted', ended_at = ? WHERE id = ?", now, orphan.id)
    sql.exec('DELETE FROM run_partials WHERE run_id = ?', orphan.id)
  }
  return orphans.length
}
