// Pending content in the session object's SQLite (seed 000 step 14): generated content held
// for approval with its sources, the request that asked for it, the session start timestamp
// (the first request of this piece of content), its revision number and, per sentence, the
// sources it was written from. One writer: the DO.
import type { SourceRef } from '../stream'
import type { SentenceAttribution } from './provenance'

export type PendingStatus = 'pending_approval' | 'approved' | 'rejected'

export interface PendingRecord {
  id: string
  status: PendingStatus
  request: string
  document_content: string
  sources: SourceRef[]
  mode: 'write' | 'research'
  session_start: number
  revision: number
  reject_reason: string | null
  /** Each sentence of document_content with the numbers (in `sources`) it came from. */
  attributions: SentenceAttribution[]
  created_at: number
  updated_at: number
}

interface Row extends Record<string, SqlStorageValue> {
  id: string
  status: string
  request: string
  document_content: string
  sources: string
  mode: string
  session_start: number
  revision: number
  reject_reason: string | null
  attributions: string
  created_at: number
  updated_at: number
}

/** Objects whose table has the attributions column (added after the table first shipped). */
const migrated = new WeakSet<SqlStorage>()

function table(sql: SqlStorage): SqlStorage {
  sql.exec(`CREATE TABLE IF NOT EXISTS writing_pending (
    id TEXT PRIMARY KEY,
    status TEXT NOT NULL,
    request TEXT NOT NULL,
    document_content TEXT NOT NULL,
    sources TEXT NOT NULL,
    mode TEXT NOT NULL,
    session_start INTEGER NOT NULL,
    revision INTEGER NOT NULL,
    reject_reason TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  )`)
  if (!migrated.has(sql)) {
    const columns = sql.exec<{ name: string }>('PRAGMA table_info(writing_pending)').toArray()
    if (!columns.some((c) => c.name === 'attributions'))
      sql.exec("ALTER TABLE writing_pending ADD COLUMN attributions TEXT NOT NULL DEFAULT '[]'")
    migrated.add(sql)
  }
  return sql
}

function toRecord(row: Row): PendingRecord {
  return {
    ...row,
    status: row.status as PendingStatus,
    mode: row.mode === 'research' ? 'research' : 'write',
    sources: JSON.parse(row.sources) as SourceRef[],
    attributions: JSON.parse(row.attributions || '[]') as SentenceAttribution[],
  }
}

export function readPending(sql: SqlStorage, id: string): PendingRecord | undefined {
  const row = table(sql).exec<Row>('SELECT * FROM writing_pending WHERE id = ?', id).toArray()[0]
  return row ? toRecord(row) : undefined
}

/** The content still awaiting approval, if any (at most one at a time). */
export function currentPending(sql: SqlStorage): PendingRecord | undefined {
  const row = table(sql)
    .exec<Row>(
      `SELECT * FROM writing_pending WHERE status = 'pending_approval'
       ORDER BY updated_at DESC LIMIT 1`,
    )
    .toArray()[0]
  return row ? toRecord(row) : undefined
}

/** The most recent content of any status: what a rewrite replaces. */
export function latestPending(sql: SqlStorage): PendingRecord | undefined {
  const row = table(sql)
    .exec<Row>('SELECT * FROM writing_pending ORDER BY updated_at DESC, created_at DESC LIMIT 1')
    .toArray()[0]
  return row ? toRecord(row) : undefined
}

export interface PendingDraft {
  request: string
  document_content: string
  sources: SourceRef[]
  mode: 'write' | 'research'
  /** When the user first asked for this content (their message's time). */
  session_start: number
  attributions: SentenceAttribution[]
}

/** Stores new content; while content is pending, this is its next revision (same id). */
export function putPending(sql: SqlStorage, draft: PendingDraft, now: number): PendingRecord {
  const open = currentPending(sql)
  if (open) {
    table(sql).exec(
      `UPDATE writing_pending SET document_content = ?, sources = ?, mode = ?, revision = ?,
       attributions = ?, updated_at = ? WHERE id = ?`,
      draft.document_content,
      JSON.stringify(draft.sources),
      draft.mode,
      open.revision + 1,
      JSON.stringify(draft.attributions),
      now,
      open.id,
    )
    return readPending(sql, open.id) as PendingRecord
  }
  const id = crypto.randomUUID()
  table(sql).exec(
    `INSERT INTO writing_pending (id, status, request, document_content, sources, mode,
     session_start, revision, reject_reason, attributions, created_at, updated_at)
     VALUES (?, 'pending_approval', ?, ?, ?, ?, ?, 1, NULL, ?, ?, ?)`,
    id,
    draft.request,
    draft.document_content,
    JSON.stringify(draft.sources),
    draft.mode,
    draft.session_start,
    JSON.stringify(draft.attributions),
    now,
    now,
  )
  return readPending(sql, id) as PendingRecord
}

/** Moves pending content to approved or rejected; false when it was not pending. */
export function resolvePending(
  sql: SqlStorage,
  change: { id: string; status: 'approved' | 'rejected'; reason?: string; now: number },
): boolean {
  const record = readPending(sql, change.id)
  if (!record || record.status !== 'pending_approval') return false
  table(sql).exec(
    'UPDATE writing_pending SET status = ?, reject_reason = ?, updated_at = ? WHERE id = ?',
    change.status,
    change.reason ?? null,
    change.now,
    change.id,
  )
  return true
}

/** Every approved piece of content, in approval order: where the document's placed text came from. */
export function approvedPieces(sql: SqlStorage): PendingRecord[] {
  return table(sql)
    .exec<Row>("SELECT * FROM writing_pending WHERE status = 'approved' ORDER BY updated_at")
    .toArray()
    .map(toRecord)
}
