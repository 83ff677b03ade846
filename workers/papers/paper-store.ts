// A session's papers in the session object's SQLite: each loaded (or loading) paper with its
// status and page count, whether R2 keeps its PDF, and the last search's results, so
// `indices` can name them.

export type PaperStatus = 'queued' | 'loading' | 'loaded' | 'failed'

export interface PaperRecord {
  id: string
  title: string
  status: PaperStatus
  pages: number
  error?: string
  pdf_url: string | null
  arxiv_id: string | null
  /** R2 keeps a copy of the PDF (GET /api/papers/:session/pdf/:paper_id). */
  stored: boolean
}

/** A search result as the session remembers it (the seed's numbered list, 1-based). */
export interface RememberedResult {
  index: number
  arxiv_id: string
  title: string
  authors: string[]
  year: number | null
  abstract: string
  pdf_url: string
  abs_url: string
}

const ready = new WeakSet<SqlStorage>()

function tables(sql: SqlStorage): SqlStorage {
  if (ready.has(sql)) return sql
  sql.exec(`CREATE TABLE IF NOT EXISTS papers (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    status TEXT NOT NULL,
    pages INTEGER NOT NULL DEFAULT 0,
    error TEXT,
    pdf_url TEXT,
    arxiv_id TEXT,
    updated_at INTEGER NOT NULL
  )`)
  sql.exec(`CREATE TABLE IF NOT EXISTS papers_results (
    idx INTEGER PRIMARY KEY,
    body TEXT NOT NULL
  )`)
  addStoredColumn(sql)
  ready.add(sql)
  return sql
}

/** Sessions created before PDFs were kept have a papers table without `stored`. */
function addStoredColumn(sql: SqlStorage): void {
  const has = sql
    .exec<{ n: number }>(
      "SELECT COUNT(*) AS n FROM pragma_table_info('papers') WHERE name = 'stored'",
    )
    .one().n
  if (has === 0) sql.exec('ALTER TABLE papers ADD COLUMN stored INTEGER NOT NULL DEFAULT 0')
}

interface PaperRow {
  id: string
  title: string
  status: string
  pages: number
  error: string | null
  pdf_url: string | null
  arxiv_id: string | null
  stored: number
}

function toRecord(row: PaperRow): PaperRecord {
  return {
    id: row.id,
    title: row.title,
    status: row.status as PaperStatus,
    pages: row.pages,
    ...(row.error ? { error: row.error } : {}),
    pdf_url: row.pdf_url,
    arxiv_id: row.arxiv_id,
    stored: row.stored === 1,
  }
}

export function listPapers(sql: SqlStorage): PaperRecord[] {
  return tables(sql)
    .exec<PaperRow & Record<string, SqlStorageValue>>(
      'SELECT id, title, status, pages, error, pdf_url, arxiv_id, stored FROM papers ORDER BY rowid',
    )
    .toArray()
    .map(toRecord)
}

/** Removes a paper's record; returns it, or null when the session holds no such paper. */
export function removePaper(sql: SqlStorage, id: string): PaperRecord | null {
  const found = listPapers(sql).find((paper) => paper.id === id) ?? null
  if (found) tables(sql).exec('DELETE FROM papers WHERE id = ?', id)
  return found
}

/** Upserts a paper; `stored` only ever turns on (a kept PDF stays until the session goes). */
export function putPaper(sql: SqlStorage, paper: PaperRecord, now: number): PaperRecord {
  const row = tables(sql)
    .exec<{ stored: number }>(
      `INSERT INTO papers (id, title, status, pages, error, pdf_url, arxiv_id, stored, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET title = excluded.title, status = excluded.status,
       pages = excluded.pages, error = excluded.error, pdf_url = excluded.pdf_url,
       arxiv_id = excluded.arxiv_id, stored = MAX(stored, excluded.stored),
       updated_at = excluded.updated_at
     RETURNING stored`,
      paper.id,
      paper.title,
      paper.status,
      paper.pages,
      paper.error ?? null,
      paper.pdf_url,
      paper.arxiv_id,
      paper.stored ? 1 : 0,
      now,
    )
    .one()
  return { ...paper, stored: row.stored === 1 }
}

/**
 * Papers left `loading` since before `before`: their load was cut off (a crash in the upload's
 * request, or a queue job no longer retried), for interrupted-loads.ts to settle.
 */
export function staleLoading(sql: SqlStorage, before: number): PaperRecord[] {
  return tables(sql)
    .exec<PaperRow & Record<string, SqlStorageValue>>(
      `SELECT id, title, status, pages, error, pdf_url, arxiv_id, stored FROM papers
       WHERE status = 'loading' AND updated_at < ? ORDER BY rowid`,
      before,
    )
    .toArray()
    .map(toRecord)
}

export function saveResults(sql: SqlStorage, results: RememberedResult[]): void {
  tables(sql).exec('DELETE FROM papers_results')
  for (const result of results) {
    sql.exec(
      'INSERT INTO papers_results (idx, body) VALUES (?, ?)',
      result.index,
      JSON.stringify(result),
    )
  }
}

export function readResults(sql: SqlStorage): RememberedResult[] {
  return tables(sql)
    .exec<{ body: string }>('SELECT body FROM papers_results ORDER BY idx')
    .toArray()
    .map((row) => JSON.parse(row.body) as RememberedResult)
}
