// SessionDO's SQLite tables (created idempotently in the constructor) and the row shapes.
export function createSessionTables(sql: SqlStorage): void {
  sql.exec(`CREATE TABLE IF NOT EXISTS meta (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    session_id TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    created_at INTEGER NOT NULL
  )`)
  sql.exec(`CREATE TABLE IF NOT EXISTS messages (
    id TEXT PRIMARY KEY,
    idx INTEGER NOT NULL UNIQUE,
    role TEXT NOT NULL,
    content TEXT NOT NULL,
    data TEXT NOT NULL DEFAULT '{}',
    created_at INTEGER NOT NULL
  )`)
  sql.exec(`CREATE TABLE IF NOT EXISTS checkpoints (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  )`)
  sql.exec(`CREATE TABLE IF NOT EXISTS progress (
    seq INTEGER PRIMARY KEY,
    run_id TEXT,
    packet TEXT NOT NULL,
    created_at INTEGER NOT NULL
  )`)
  sql.exec(`CREATE TABLE IF NOT EXISTS runs (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    status TEXT NOT NULL,
    started_at INTEGER NOT NULL,
    ended_at INTEGER
  )`)
}

export type RunStatus = 'running' | 'done' | 'stopped' | 'error' | 'interrupted'

export interface MetaRow {
  session_id: string
  token_hash: string
  created_at: number
}
