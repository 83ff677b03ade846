// The recall pool: one FTS5 BM25 pass that returns whole rows (indexed text and the source's
// citation fields), so other queries can be scored over the pool in code and the pool needs
// no second read; and FTS5's own averages record, which BM25's length normalisation uses.
import {
  MIN_PREFETCH,
  PREFETCH_FACTOR,
  rankSql,
  type Bm25Search,
  type ChunkWithSource,
} from './corpus-reads'

export type PoolRow = ChunkWithSource & { score: number }

const ROW_COLUMNS = {
  columns: `, c.document_id, c.source_id, c.paper_key, c.namespace, c.title, c.content, c.page,
      c.token_count, s.kind, s.url, s.doi, s.authors, s.year`,
  joins: ' JOIN sources s ON s.id = c.source_id',
}

/** Best first, like searchChunksBm25 (including its fallback for a small namespace). */
export async function searchChunkPool(db: D1Database, q: Bm25Search): Promise<PoolRow[]> {
  const prefetch = Math.max(MIN_PREFETCH, q.limit * PREFETCH_FACTOR)
  const fast = rankSql(q, prefetch, ROW_COLUMNS)
  const { results } = await db
    .prepare(fast.sql)
    .bind(...fast.binds)
    .all<PoolRow & { pool: number }>()
  const exhaustive = results.length > 0 && (results[0]?.pool ?? 0) < prefetch
  if (results.length >= q.limit || exhaustive) return results.map(({ pool: _, ...row }) => row)
  const full = rankSql(q, null, ROW_COLUMNS)
  const { results: all } = await db
    .prepare(full.sql)
    .bind(...full.binds)
    .all<PoolRow & { pool: number }>()
  return all.map(({ pool: _, ...row }) => row)
}

export interface FtsAverages {
  rows: number
  /** Tokens in each column (title, content) over the whole index. */
  columnTokens: number[]
}

/** SQLite varints, as FTS5 writes them: 7 bits a byte, big-endian, the 9th byte whole. */
function readVarints(bytes: Uint8Array): number[] {
  const out: number[] = []
  let i = 0
  while (i < bytes.length) {
    let value = 0
    let n = 0
    for (;;) {
      const byte = bytes[i++] ?? 0
      if (n === 8) {
        value = value * 256 + byte
        break
      }
      value = value * 128 + (byte & 0x7f)
      n++
      if ((byte & 0x80) === 0 || i >= bytes.length) break
    }
    out.push(value)
  }
  return out
}

/**
 * FTS5's averages record (row 1 of the %_data shadow table: the row count, then each
 * column's token total), or null when it cannot be read. Read through hex(): D1 returns BLOBs
 * as JSON byte arrays.
 */
export async function readFtsAverages(db: D1Database): Promise<FtsAverages | null> {
  const row = await db
    .prepare('SELECT hex(block) AS h FROM chunks_fts_data WHERE id = 1')
    .first<{ h: string }>()
  if (!row?.h) return null
  const bytes = Uint8Array.from(row.h.match(/../g) ?? [], (b) => parseInt(b, 16))
  const [rows, ...columnTokens] = readVarints(bytes)
  if (rows === undefined || columnTokens.length === 0) return null
  return { rows, columnTokens }
}
