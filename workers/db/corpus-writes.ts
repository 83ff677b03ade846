// Typed D1 statements for the indexer's write path, part 1: upsert sources by (kind,
// external_id) and documents by (source, content hash). Every statement binds fewer than 100
// parameters (D1's limit). Sections and chunks: chunk-writes.ts.
import { packRows } from './vector-queries'

export interface SourceRowInput {
  id: string
  /** The namespace owning this row: (namespace, kind, external_id) is unique. */
  namespace: string
  kind: string
  externalId: string
  title: string
  authors: string[]
  year: number | null
  venue: string | null
  doi: string | null
  url: string | null
  pdfUrl: string | null
  imageUrl: string | null
  abstract: string | null
  publishedAt: string | null
  metadata: Record<string, unknown>
}

/**
 * New values win within the row's namespace (a write never touches another namespace's row);
 * a null or empty new value keeps what an earlier ingest stored.
 */
export function upsertSourceStatements(
  db: D1Database,
  rows: SourceRowInput[],
): D1PreparedStatement[] {
  return packRows(rows, 15).map((pack) =>
    db
      .prepare(
        `INSERT INTO sources (id, namespace, kind, external_id, title, authors, year, venue, doi,
           url, pdf_url, image_url, abstract, published_at, metadata)
         VALUES ${pack.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}
         ON CONFLICT (namespace, kind, external_id) DO UPDATE SET
           title = excluded.title,
           authors = CASE WHEN excluded.authors = '[]' THEN sources.authors ELSE excluded.authors END,
           year = coalesce(excluded.year, sources.year),
           venue = coalesce(excluded.venue, sources.venue),
           doi = coalesce(excluded.doi, sources.doi),
           url = coalesce(excluded.url, sources.url),
           pdf_url = coalesce(excluded.pdf_url, sources.pdf_url),
           image_url = coalesce(excluded.image_url, sources.image_url),
           abstract = coalesce(excluded.abstract, sources.abstract),
           published_at = coalesce(excluded.published_at, sources.published_at),
           metadata = json_patch(sources.metadata, excluded.metadata)
         RETURNING id, namespace, kind, external_id`,
      )
      .bind(
        ...pack.flatMap((s) => [
          s.id,
          s.namespace,
          s.kind,
          s.externalId,
          s.title,
          JSON.stringify(s.authors),
          s.year,
          s.venue,
          s.doi,
          s.url,
          s.pdfUrl,
          s.imageUrl,
          s.abstract,
          s.publishedAt,
          JSON.stringify(s.metadata),
        ]),
      ),
  )
}

/** Ids of stored sources, keyed `namespace \0 kind \0 external id`. */
export async function existingSourceIds(
  db: D1Database,
  keys: { namespace: string; kind: string; externalId: string }[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>()
  for (const pack of packRows(keys, 3)) {
    const where = pack.map(() => '(namespace = ? AND kind = ? AND external_id = ?)').join(' OR ')
    const { results } = await db
      .prepare(`SELECT id, namespace, kind, external_id FROM sources WHERE ${where}`)
      .bind(...pack.flatMap((k) => [k.namespace, k.kind, k.externalId]))
      .all<{ id: string; namespace: string; kind: string; external_id: string }>()
    for (const r of results) found.set(`${r.namespace}\u0000${r.kind}\u0000${r.external_id}`, r.id)
  }
  return found
}

export interface DocumentRowInput {
  id: string
  sourceId: string
  namespace: string
  title: string
  contentHash: string
}

/** RETURNING lists only the documents this statement created. */
export function insertDocumentStatements(
  db: D1Database,
  rows: DocumentRowInput[],
): D1PreparedStatement[] {
  return packRows(rows, 5).map((pack) =>
    db
      .prepare(
        `INSERT INTO documents (id, source_id, namespace, title, content_hash)
         VALUES ${pack.map(() => '(?, ?, ?, ?, ?)').join(', ')}
         ON CONFLICT (source_id, content_hash) DO NOTHING RETURNING id`,
      )
      .bind(...pack.flatMap((d) => [d.id, d.sourceId, d.namespace, d.title, d.contentHash])),
  )
}

/** Ids of the documents stored for (source, content hash) pairs. */
export async function documentIdsByHash(
  db: D1Database,
  keys: { sourceId: string; contentHash: string }[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>()
  for (const pack of packRows(keys, 2)) {
    const where = pack.map(() => '(source_id = ? AND content_hash = ?)').join(' OR ')
    const { results } = await db
      .prepare(`SELECT id, source_id, content_hash FROM documents WHERE ${where}`)
      .bind(...pack.flatMap((k) => [k.sourceId, k.contentHash]))
      .all<{ id: string; source_id: string; content_hash: string }>()
    for (const r of results) found.set(`${r.source_id}\u0000${r.content_hash}`, r.id)
  }
  return found
}
