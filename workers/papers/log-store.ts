// A session's paper log in the session object's SQLite: entries appended per request (capped,
// oldest dropped), read back in the seed's SessionLogger JSON shape.
import type { LogEntry } from './session-log'

/** Oldest entries beyond this are dropped: a log must not grow a session without bound. */
export const LOG_CAP = 2_000

export interface SessionLogJson {
  session_id: string
  title: string
  mode: 'paper_brain' | 'multi_paper_rag' | null
  timestamp_start: string | null
  timestamp_end: string | null
  rag_chunks: Record<string, unknown>[]
  api_calls_embeddings: Record<string, unknown>[]
  api_calls_llm: Record<string, unknown>[]
  requests: Record<string, unknown>[]
}

function table(sql: SqlStorage): SqlStorage {
  sql.exec(`CREATE TABLE IF NOT EXISTS papers_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    body TEXT NOT NULL
  )`)
  return sql
}

export function appendLog(sql: SqlStorage, entries: LogEntry[]): number {
  table(sql)
  for (const entry of entries) {
    sql.exec(
      'INSERT INTO papers_log (kind, body) VALUES (?, ?)',
      entry.kind,
      JSON.stringify(entry.body),
    )
  }
  sql.exec('DELETE FROM papers_log WHERE id <= (SELECT MAX(id) FROM papers_log) - ?', LOG_CAP)
  return entries.length
}

export function readLog(sql: SqlStorage, sessionId: string): SessionLogJson {
  const rows = table(sql)
    .exec<{ kind: string; body: string }>('SELECT kind, body FROM papers_log ORDER BY id')
    .toArray()
  const of = (kind: string) =>
    rows.filter((r) => r.kind === kind).map((r) => JSON.parse(r.body) as Record<string, unknown>)
  const requests = of('request')
  const stamps = rows.map((r) => (JSON.parse(r.body) as { timestamp?: string }).timestamp ?? '')
  const first = requests[0]
  const last = requests.at(-1)
  return {
    session_id: sessionId,
    title: typeof first?.query === 'string' ? first.query : '',
    mode: (last?.mode as SessionLogJson['mode'] | undefined) ?? null,
    timestamp_start: stamps[0] || null,
    timestamp_end: stamps.at(-1) || null,
    rag_chunks: of('rag_chunk'),
    api_calls_embeddings: of('embedding'),
    api_calls_llm: of('llm'),
    requests,
  }
}
