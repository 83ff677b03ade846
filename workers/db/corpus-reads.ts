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
  /** The namespaces searched: only their chunks are candidates. */
  namespaces: readonly string[]
  limit: number
  /** Column weights for bm25(): title, content. Numbers from code, never user input. */
  weights: { title: number; content: number }
  sourceIds?: string[]
}

/** Namespaces one read may name: every bound parameter counts against D1's 100. */
export const MAX_NAMESPACES = 16

/** `c.namespace IN (?, …)` and its binds; at least one namespace, at most MAX_NAMESPACES. */
export function namespaceFilter(namespaces: readonly string[], column = 'c.namespace') {
  const named = namespaces.slice(0, MAX_NAMESPACES)
  if (named.length === 0) throw new Error('a read must name at least one namespace')
  return { sql: `${column} IN (${named.map(() => '?').join(', ')})`, binds: named }
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
  // (`rank` is a hidden FTS5 column, hence score_raw.) Ranking inside FTS5 first and joining
  // only the best rows halves the time on a large index; `prefetch` null ranks after the join
  // (exact for any namespace size).
  const limit = prefetch === null ? '' : `ORDER BY score_raw LIMIT ${prefetch}`
  const scope = namespaceFilter(q.namespaces)
  const tail = `SELECT f.id AS id, -f.score_raw AS score, (SELECT count(*) FROM f) AS pool
    FROM f JOIN chunks c ON c.id = f.id
    WHERE ${scope.sql} ${sourceFilter} ORDER BY f.score_raw LIMIT ?`
  const binds = [...scope.binds, ...sources, q.limit]
  const sql = `WITH f AS MATERIALIZED (
      SELECT rowid AS id, ${rank} AS score_raw FROM chunks_fts WHERE chunks_fts MATCH ? ${limit})
    ${tail}`
  return { sql, binds: [q.match, ...binds] }
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

/** Chunks in these namespaces (an index count on chunks_namespace_idx). */
export async function countNamespaceChunks(
  db: D1Database,
  namespaces: readonly string[],
): Promise<number> {
  const scope = namespaceFilter(namespaces, 'namespace')
  const row = await db
    .prepare(`SELECT count(*) AS n FROM chunks WHERE ${scope.sql}`)
    .bind(...scope.binds)
    .first<{ n: number }>()
  return row?.n ?? 0
}

/**
 * Whether no chunk lies outside these namespaces: one index seek per gap between the sorted
 * names (`NOT IN` would walk every entry of the namespaces it keeps).
 */
export async function holdsEveryChunk(
  db: D1Database,
  namespaces: readonly string[],
): Promise<boolean> {
  const sorted = [...new Set(namespaceFilter(namespaces).binds)].sort()
  const gaps = [
    { sql: 'namespace < ?', binds: sorted.slice(0, 1) },
    ...sorted.slice(1).map((name, i) => ({
      sql: 'namespace > ? AND namespace < ?',
      binds: [sorted[i] ?? '', name],
    })),
    { sql: 'namespace > ?', binds: sorted.slice(-1) },
  ]
  const probes = gaps.map((g) => `EXISTS (SELECT 1 FROM chunks WHERE ${g.sql})`).join(' OR ')
  const row = await db
    .prepare(`SELECT ${probes} AS outside`)
    .bind(...gaps.flatMap((g) => g.binds))
    .first<{ outside: number }>()
  return row?.outside === 0
}

/** Which namespaces a count covers; `whole` when they hold every chunk (holdsEveryChunk). */
export interface NamespaceScope {
  namespaces: readonly string[]
  whole: boolean
}

/**
 * Chunks containing each term, counted through the FTS5 index: in the scope's namespaces, or
 * in the whole index without one. When other namespaces hold chunks too, each match is looked
 * up in the (namespace, rowid) index: FTS5 drives, so a term costs its matches and never a
 * probe per chunk of a large namespace (that order took minutes at 200k chunks), and the
 * covering index spares reading chunk rows (15 terms over the 5k demo corpus: ~13 ms for one
 * namespace, ~42 ms for three, against ~1 ms for the whole index's own counts).
 */
export async function countChunksWithTerms(
  db: D1Database,
  terms: string[],
  scope?: NamespaceScope,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>()
  const filter = !scope || scope.whole ? null : namespaceFilter(scope.namespaces)
  const perTerm = filter ? 1 + filter.binds.length : 1
  for (const pack of packRows(terms, perTerm)) {
    const columns = pack.map((_, i) =>
      filter
        ? `(SELECT count(*) FROM chunks_fts
             CROSS JOIN chunks c INDEXED BY chunks_namespace_idx ON c.id = chunks_fts.rowid
             WHERE chunks_fts MATCH ? AND ${filter.sql}) AS t${i}`
        : `(SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH ?) AS t${i}`,
    )
    const binds = pack.flatMap((t) => [`"${t.replaceAll('"', '')}"`, ...(filter?.binds ?? [])])
    const row = await db
      .prepare(`SELECT ${columns.join(', ')}`)
      .bind(...binds)
      .first<Record<string, number>>()
    pack.forEach((t, i) => counts.set(t, row?.[`t${i}`] ?? 0))
  }
  return counts
}

/** Chunks in the whole index (every namespace). */
export async function countChunks(db: D1Database): Promise<number> {
  const row = await db.prepare('SELECT count(*) AS n FROM chunks').first<{ n: number }>()
  return row?.n ?? 0
}
