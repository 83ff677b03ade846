// Cheap corpus counts for /health and for deciding whether to seed the demo corpus.

export interface CorpusStats {
  sources: number
  documents: number
  chunks: number
}

/** Counts over the whole index, or over `namespaces` only (what a public caller may see). */
export async function corpusStats(db: D1Database, namespaces?: string[]): Promise<CorpusStats> {
  const where = namespaces ? ` WHERE namespace IN (${namespaces.map(() => '?').join(', ')})` : ''
  const row = await db
    .prepare(
      `SELECT (SELECT count(*) FROM sources${where}) AS sources,
        (SELECT count(*) FROM documents${where}) AS documents,
        (SELECT count(*) FROM chunks${where}) AS chunks`,
    )
    .bind(...(namespaces ? [...namespaces, ...namespaces, ...namespaces] : []))
    .first<CorpusStats>()
  return { sources: row?.sources ?? 0, documents: row?.documents ?? 0, chunks: row?.chunks ?? 0 }
}

/** True when no chunk exists yet: one index probe instead of a count. */
export async function corpusIsEmpty(db: D1Database): Promise<boolean> {
  const row = await db.prepare('SELECT 1 AS found FROM chunks LIMIT 1').first<{ found: number }>()
  return row === null
}
