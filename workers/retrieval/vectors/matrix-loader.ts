// Reads a namespace's vectors of one space from D1 into matrix form, all of them or only the
// rows appended after a known rowid (so a cache can grow without reloading everything).
import { readVectorPage } from '../../db'
import type { VectorMetadata } from '../vector-store'
import { blobToVector } from './blob'
import { computeNorms, type VectorMatrix } from './vector-matrix'

const PAGE_ROWS = 1000

export class MatrixTooLargeError extends Error {
  constructor(readonly maxRows: number) {
    super(`more than ${maxRows} vectors`)
  }
}

export interface LoadedRows {
  ids: string[]
  metadata: VectorMetadata[]
  values: Float32Array
  /** Highest rowid read (the `afterRowid` given when nothing was read). */
  lastRowid: number
}

function concat(parts: Float32Array[], length: number): Float32Array {
  const out = new Float32Array(length)
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

/**
 * Reads rows after `afterRowid`; `maxRows` bounds what one load may add (the caller's memory
 * budget): past it the load stops and throws instead of reading every vector.
 */
export async function loadRows(
  db: D1Database,
  where: { namespace: string; space: string; dimensions: number; afterRowid: number },
  maxRows = Number.POSITIVE_INFINITY,
): Promise<LoadedRows> {
  const { dimensions } = where
  const ids: string[] = []
  const metadata: VectorMetadata[] = []
  const parts: Float32Array[] = []
  let lastRowid = where.afterRowid
  for (;;) {
    const page = await readVectorPage(db, { ...where, afterRowid: lastRowid, limit: PAGE_ROWS })
    const values = new Float32Array(page.length * dimensions)
    page.forEach((row, i) => {
      blobToVector(row.vector_hex, { values, offset: i * dimensions })
      ids.push(row.chunk_id)
      metadata.push({
        sourceId: row.source_id,
        documentId: row.document_id,
        paperKey: row.paper_key,
        kind: row.kind,
      })
    })
    parts.push(values)
    lastRowid = page[page.length - 1]?.rowid ?? lastRowid
    if (ids.length > maxRows) throw new MatrixTooLargeError(maxRows)
    if (page.length < PAGE_ROWS) break
  }
  return { ids, metadata, values: concat(parts, ids.length * dimensions), lastRowid }
}

/** A matrix of `base` (if any) followed by `rows`. */
export function appendRows(
  base: VectorMatrix | null,
  rows: LoadedRows,
  dimensions: number,
): VectorMatrix {
  if (base && rows.ids.length === 0) return base
  const ids = [...(base?.ids ?? []), ...rows.ids]
  const metadata = [...(base?.metadata ?? []), ...rows.metadata]
  const values = base ? concat([base.values, rows.values], ids.length * dimensions) : rows.values
  const matrix = { dimensions, ids, metadata, values }
  return { ...matrix, norms: computeNorms(matrix) }
}
