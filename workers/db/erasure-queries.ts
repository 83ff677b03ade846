// Reads and deletes for erasure (workers/erasure/): the rows of a session's private namespaces
// or of one source (chunks, their vectors' rows, sections, documents, sources; FTS5 rows and
// the postings' deletion notes follow the chunks by trigger), and the rows keyed by session id.
import { packRows } from './vector-queries'

/** Which index rows: every row of these namespaces, or every row of these sources. */
export type IndexRowScope = { namespaces: readonly string[] } | { sourceIds: readonly string[] }

const scopeOf = (scope: IndexRowScope) =>
  'namespaces' in scope
    ? { column: 'namespace', values: scope.namespaces }
    : { column: 'source_id', values: scope.sourceIds }

const marks = (pack: readonly unknown[]) => pack.map(() => '?').join(', ')

async function readColumn<T>(
  db: D1Database,
  sql: (marks: string) => string,
  values: readonly string[],
) {
  const out: T[] = []
  for (const pack of packRows(values, 1)) {
    const { results } = await db
      .prepare(sql(marks(pack)))
      .bind(...pack)
      .all<{ value: T }>()
    out.push(...results.map((r) => r.value))
  }
  return out
}

/** The ids of the sources in scope. */
export function sourceIdsInScope(db: D1Database, scope: IndexRowScope): Promise<string[]> {
  if ('sourceIds' in scope) {
    return readColumn<string>(
      db,
      (m) => `SELECT id AS value FROM sources WHERE id IN (${m})`,
      scope.sourceIds,
    )
  }
  return readColumn<string>(
    db,
    (m) => `SELECT id AS value FROM sources WHERE namespace IN (${m})`,
    scope.namespaces,
  )
}

/** The ids of one namespace's sources with these external ids. */
export async function sourceIdsByExternalId(
  db: D1Database,
  namespace: string,
  externalIds: readonly string[],
): Promise<string[]> {
  const out: string[] = []
  for (const pack of packRows(externalIds, 1)) {
    const { results } = await db
      .prepare(`SELECT id FROM sources WHERE namespace = ? AND external_id IN (${marks(pack)})`)
      .bind(namespace, ...pack)
      .all<{ id: string }>()
    out.push(...results.map((r) => r.id))
  }
  return out
}

/** Chunk ids in scope, from the chunks and from vector rows a failed write may have orphaned. */
export async function chunkIdsInScope(db: D1Database, scope: IndexRowScope): Promise<string[]> {
  const { column, values } = scopeOf(scope)
  const chunks = await readColumn<number>(
    db,
    (m) => `SELECT id AS value FROM chunks WHERE ${column} IN (${m})`,
    values,
  )
  const vectors = await readColumn<string>(
    db,
    (m) => `SELECT chunk_id AS value FROM chunk_vectors WHERE ${column} IN (${m})`,
    values,
  )
  return [...new Set([...chunks.map(String), ...vectors])]
}

/** Deletes the index rows in scope, children first, in one batch per pack; returns sources gone. */
export async function deleteIndexRows(db: D1Database, scope: IndexRowScope): Promise<number> {
  const { column, values } = scopeOf(scope)
  let sources = 0
  for (const pack of packRows(values, 1)) {
    const m = marks(pack)
    const where = `${column} IN (${m})`
    const results = await db.batch([
      db.prepare(`DELETE FROM chunk_vectors WHERE ${where}`).bind(...pack),
      db.prepare(`DELETE FROM chunks WHERE ${where}`).bind(...pack),
      db
        .prepare(
          `DELETE FROM sections WHERE document_id IN (SELECT id FROM documents WHERE ${where})`,
        )
        .bind(...pack),
      db.prepare(`DELETE FROM documents WHERE ${where}`).bind(...pack),
      db
        .prepare(`DELETE FROM sources WHERE ${column === 'namespace' ? where : `id IN (${m})`}`)
        .bind(...pack),
    ])
    sources += results.at(-1)?.meta.changes ?? 0
  }
  return sources
}

/**
 * Deletes the rows keyed by a session id outside its namespaces: its document types, writing
 * document (with versions and blocks), the ingest jobs that name it (a paper job's input holds
 * its namespace) and its namespaces' version counters. Returns the rows gone.
 */
export async function deleteSessionRows(db: D1Database, sessionId: string): Promise<number> {
  const bySession = [
    'document_types',
    'writing_documents',
    'writing_document_versions',
    'writing_document_blocks',
  ].map((table) => db.prepare(`DELETE FROM ${table} WHERE session_id = ?`).bind(sessionId))
  const results = await db.batch([
    ...bySession,
    db.prepare('DELETE FROM ingest_jobs WHERE instr(input, ?) > 0').bind(sessionId),
    db.prepare('DELETE FROM index_versions WHERE instr(scope, ?) > 0').bind(`:${sessionId}:`),
  ])
  return results.reduce((n, r) => n + (r.meta.changes ?? 0), 0)
}
