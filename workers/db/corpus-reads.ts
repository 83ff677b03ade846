// Typed D1 reads for retrieval: FTS5 BM25 search over chunks, chunk hydration with their
// source's citation fields, and document frequencies of terms (for IDF weighting).
import { packRows } from './vector-queries'

export interface Bm25Hit {
  id: number
  score: number
}

export interface Bm25Search {
  /** A sanitised FTS5 expression (retrieval/search/fts-query.ts builds it). */
  match: string
  namespace: string
  limit: number
  /** Column weights for bm25(): title, content. Numbers from code, never user input. */
  weights: { title: number; content: number }
  sourceIds?: string[]
}

/** Ranked FTS5 candidates fetched before the namespace filter, as a multiple of the limit. */
export const PREFETCH_FACTOR = 4
export const MIN_PREFETCH = 200

export function rankSql(q: Bm25Search, prefetch: number | null): { sql: string; binds: unknown[] } {
  const rank = `bm25(chunks_fts, ${Number(q.weights.title).toFixed(3)}, ${Number(q.weights.content).toFixed(3)})`
  const sources = (q.sourceIds ?? []).slice(0, 90)
  const sourceFilter = sources.length
    ? `AND c.source_id IN (${sources.map(() => '?').join(', ')})`
    : ''
  // (`rank` is a hidden FTS5 column, hence score_raw.) Ranking inside FTS5 first and joining only the best rows halves the time on a large
  // index; `prefetch` null ranks after the join (exact for any namespace size).
  const limit = prefetch === null ? '' : `ORDER BY score_raw LIMIT ${prefetch}`
  const sql = `WITH f AS MATERIALIZED (
      SELECT rowid AS id, ${rank} AS score_raw FROM chunks_fts WHERE chunks_fts MATCH ? ${limit})
    SELECT f.id AS id, -f.score_raw AS score, (SELECT count(*) FROM f) AS pool
    FROM f JOIN chunks c ON c.id = f.id
    WHERE c.namespace = ? ${sourceFilter} ORDER BY f.score_raw LIMIT ?`
  return { sql, binds: [q.match, q.namespace, ...sources, q.limit] }
}

/**
 * Highest first (bm25() is lower-is-better, so scores are negated). Ranks the best few
 * hundred matches of the whole index first; only when the namespace or source filter leaves
 * too few of them, and there were more matches, ranks again over every match.
 */
export async function searchChunksBm25(db: D1Database, q: Bm25Search): Promise<Bm25Hit[]> {
  const prefetch = Math.max(MIN_PREFETCH, q.limit * PREFETCH_FACTOR)
  const fast = rankSql(q, prefetch)
  const { results } = await db
    .prepare(fast.sql)
    .bind(...fast.binds)
    .all<Bm25Hit & { pool: number }>()
  const exhaustive = results.length > 0 && (results[0]?.pool ?? 0) < prefetch
  if (results.length >= q.limit || exhaustive)
    return results.map(({ id, score }) => ({ id, score }))
  const full = rankSql(q, null)
  const { results: all } = await db
    .prepare(full.sql)
    .bind(...full.binds)
    .all<Bm25Hit>()
  return all.map(({ id, score }) => ({ id, score }))
}

export interface ChunkWithSource {
  id: number
  document_id: string
  source_id: string
  paper_key: string
  namespace: string
  title: string
  content: string
  page: number | null
  token_count: number
  kind: string
  url: string | null
  doi: string | null
  authors: string
  year: number | null
}

export async function readChunksWithSources(
  db: D1Database,
  ids: number[],
): Promise<ChunkWithSource[]> {
  const rows: ChunkWithSource[] = []
  for (const pack of packRows(ids, 1)) {
    const { results } = await db
      .prepare(
        `SELECT c.id, c.document_id, c.source_id, c.paper_key, c.namespace, c.title, c.content,
           c.page, c.token_count, s.kind, s.url, s.doi, s.authors, s.year
         FROM chunks c JOIN sources s ON s.id = c.source_id
         WHERE c.id IN (${pack.map(() => '?').join(', ')})`,
      )
      .bind(...pack)
      .all<ChunkWithSource>()
    rows.push(...results)
  }
  return rows
}

/** Chunks (all namespaces) containing each term, counted through the FTS5 index itself. */
export async function countChunksWithTerms(
  db: D1Database,
  terms: string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>()
  for (const pack of packRows(terms, 1)) {
    const columns = pack.map(
      (_, i) => `(SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH ?) AS t${i}`,
    )
    const row = await db
      .prepare(`SELECT ${columns.join(', ')}`)
      .bind(...pack.map((t) => `"${t.replaceAll('"', '')}"`))
      .first<Record<string, number>>()
    pack.forEach((t, i) => counts.set(t, row?.[`t${i}`] ?? 0))
  }
  return counts
}

export async function countChunks(db: D1Database): Promise<number> {
  const row = await db.prepare('SELECT count(*) AS n FROM chunks').first<{ n: number }>()
  return row?.n ?? 0
}
