// The full text behind search results, for the claim check: each chunk's content and its
// source's abstract. Ids come from a search already limited to the reader's namespaces.
import { packRows } from './vector-queries'

export interface EvidenceTextRow {
  id: number
  content: string
  abstract: string | null
}

export async function readEvidenceTexts(db: D1Database, ids: number[]): Promise<EvidenceTextRow[]> {
  const rows: EvidenceTextRow[] = []
  for (const pack of packRows(ids, 1)) {
    const { results } = await db
      .prepare(
        `SELECT c.id, c.content, s.abstract FROM chunks c JOIN sources s ON s.id = c.source_id
         WHERE c.id IN (${pack.map(() => '?').join(', ')})`,
      )
      .bind(...pack)
      .all<EvidenceTextRow>()
    rows.push(...results)
  }
  return rows
}
