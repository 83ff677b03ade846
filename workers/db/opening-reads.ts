// The opening pages of every document in a namespace (title, abstract, introduction): what a
// question naming no topic ("what is this paper about?") is answered from.
import type { ChunkWithSource } from './corpus-reads'

/**
 * Chunks on each document's first `pages` pages that have text, in document, page and position
 * order, with their source's citation fields. Pages without chunks (a blank cover) are skipped.
 */
export async function readOpeningChunks(
  db: D1Database,
  namespace: string,
  pages: number,
): Promise<ChunkWithSource[]> {
  const { results } = await db
    .prepare(
      `WITH firsts AS (
         SELECT document_id, page, DENSE_RANK() OVER (PARTITION BY document_id ORDER BY page) AS n
         FROM (SELECT DISTINCT document_id, page FROM chunks
               WHERE namespace = ? AND page IS NOT NULL))
       SELECT c.id, c.document_id, c.source_id, c.paper_key, c.namespace, c.title, c.content,
         c.page, c.token_count, s.kind, s.url, s.doi, s.authors, s.year
       FROM chunks c
       JOIN firsts f ON f.document_id = c.document_id AND f.page = c.page AND f.n <= ?
       JOIN sources s ON s.id = c.source_id
       WHERE c.namespace = ?
       ORDER BY c.document_id, c.page, c.ordinal`,
    )
    .bind(namespace, Math.max(1, Math.floor(pages)), namespace)
    .all<ChunkWithSource>()
  return results
}
