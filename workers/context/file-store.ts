// Uploaded files of a session (per-message and project), in the session object's SQLite. Text
// is extracted and token-counted once, on upload; a turn only reads what is stored here.
import { z } from 'zod'

export const contextFileSchema = z.object({
  id: z.string().min(1).max(64),
  /** message: a point-in-time inclusion; project: kept near the end of every turn. */
  scope: z.enum(['message', 'project']),
  name: z.string().min(1).max(300),
  contentType: z.string().min(1).max(200),
  kind: z.enum(['text', 'pdf', 'image']),
  text: z.string(),
  tokens: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  /** Set once the file is in the project's search index (only when the project overflows). */
  indexed: z.boolean(),
  createdAt: z.number().int(),
})
export type ContextFile = z.infer<typeof contextFileSchema>
export type FileInfo = Omit<ContextFile, 'text'>

function ensureTable(sql: SqlStorage): void {
  sql.exec(`CREATE TABLE IF NOT EXISTS context_files (
    id TEXT PRIMARY KEY,
    scope TEXT NOT NULL,
    name TEXT NOT NULL,
    content_type TEXT NOT NULL,
    kind TEXT NOT NULL,
    text TEXT NOT NULL,
    tokens INTEGER NOT NULL,
    bytes INTEGER NOT NULL,
    indexed INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
  )`)
}

function toFile(row: Record<string, SqlStorageValue>): ContextFile {
  return contextFileSchema.parse({
    id: row.id,
    scope: row.scope,
    name: row.name,
    contentType: row.content_type,
    kind: row.kind,
    text: row.text,
    tokens: row.tokens,
    bytes: row.bytes,
    indexed: row.indexed === 1,
    createdAt: row.created_at,
  })
}

export function toFileInfo(file: ContextFile): FileInfo {
  const { text: _text, ...info } = file
  return info
}

export function saveContextFile(sql: SqlStorage, file: ContextFile): FileInfo {
  ensureTable(sql)
  sql.exec(
    `INSERT INTO context_files
      (id, scope, name, content_type, kind, text, tokens, bytes, indexed, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ...[file.id, file.scope, file.name, file.contentType, file.kind, file.text],
    ...[file.tokens, file.bytes, file.indexed ? 1 : 0, file.createdAt],
  )
  return toFileInfo(file)
}

/** Files in upload order; `scope` narrows to message or project files. */
export function listContextFiles(sql: SqlStorage, scope?: ContextFile['scope']): ContextFile[] {
  ensureTable(sql)
  const rows = scope
    ? sql.exec('SELECT * FROM context_files WHERE scope = ? ORDER BY created_at, id', scope)
    : sql.exec('SELECT * FROM context_files ORDER BY created_at, id')
  return rows.toArray().map(toFile)
}

/** The named files in the order asked; unknown ids are left out (callers check the count). */
export function getContextFiles(sql: SqlStorage, ids: string[]): ContextFile[] {
  const byId = new Map(listContextFiles(sql).map((file) => [file.id, file]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

export function markFilesIndexed(sql: SqlStorage, ids: string[]): void {
  ensureTable(sql)
  for (const id of ids) sql.exec('UPDATE context_files SET indexed = 1 WHERE id = ?', id)
}

/** Removes a file; returns its info, or null when the session holds no such file. */
export function removeContextFile(sql: SqlStorage, id: string): FileInfo | null {
  const [file] = getContextFiles(sql, [id])
  if (!file) return null
  sql.exec('DELETE FROM context_files WHERE id = ?', id)
  return toFileInfo(file)
}
