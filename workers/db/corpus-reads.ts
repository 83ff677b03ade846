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

/** Highest first; bm25() is lower-is-better, so scores are negated. */
export async function searchChunksBm25(db: D1Database, q: Bm25Search): Promise<Bm25Hit[]> {
  const title = Number(q.weights.title).toFixed(3)
  const content = Number(q.weights.content).toFixed(3)
  const sources = (q.sourceIds ?? []).slice(0, 90)
  const sourceFilter = sources.length
    ? `AND c.source_id IN (${sources.map(() => '?').join(', ')})`
    : ''
  const { results } = await db
    .prepare(
      `SELECT c.id AS id, -bm25(chunks_fts, ${title}, ${content}) AS score
       FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid
       WHERE chunks_fts MATCH ? AND c.namespace = ? ${sourceFilter}
       ORDER BY bm25(chunks_fts, ${title}, ${content}) LIMIT ?`,
    )
    .bind(q.match, q.namespace, ...sources, q.limit)
    .all<Bm25Hit>()
  return results
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
