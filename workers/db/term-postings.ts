// Typed D1 statements for the term postings kept beside FTS5 (schema.ts, termPostings): the
// builder's reads and appends, and the reads a query ranks from. Blobs travel as hex text both
// ways (json_each + unhex in, hex() out), so one statement carries a whole batch.
import { bytesToHex, hexToBytes } from './hex'

/** Chunk ids per postings block: offsets fit a uint16, and a block stays small to rewrite. */
export const POSTINGS_BLOCK = 1024

/** JSON text per append statement, well inside D1's 2 MB limit on a bound value. */
const MAX_PAYLOAD_CHARS = 512_000

export interface PostingsState {
  /** Every chunk id up to here is in the postings. */
  builtThrough: number
  /** The highest chunk id stored (0 when there is none). */
  maxChunkId: number
  /** Purges so far: a block read before the last one may still hold deleted chunks. */
  generation: number
}

const stateSql = `SELECT s.built_through AS built, s.generation AS generation,
  (SELECT max(id) FROM chunks) AS max_id FROM term_postings_state s WHERE s.id = 1`

type StateRow = { built: number | null; generation: number | null; max_id: number | null }

const toState = (row: StateRow | null | undefined): PostingsState => ({
  builtThrough: row?.built ?? 0,
  maxChunkId: row?.max_id ?? 0,
  generation: row?.generation ?? 0,
})

export async function readPostingsState(db: D1Database): Promise<PostingsState> {
  return toState(await db.prepare(stateSql).first<StateRow>())
}

export interface ChunkText {
  id: number
  title: string
  content: string
}

/** The next chunks after `after`, in id order. */
export async function readChunkTextsAfter(
  db: D1Database,
  after: number,
  limit: number,
): Promise<ChunkText[]> {
  const { results } = await db
    .prepare('SELECT id, title, content FROM chunks WHERE id > ? ORDER BY id LIMIT ?')
    .bind(after, limit)
    .all<ChunkText>()
  return results
}

export interface BlockBytes {
  block: number
  bytes: Uint8Array
}

export interface PostingsBatch {
  /** The state this batch was built from; the append fails if another builder moved it. */
  from: number
  to: number
  /** The chunks read: any deleted since (before the state moved past them) is noted for purging. */
  ids: number[]
  postings: (BlockBytes & { stem: string })[]
  lengths: BlockBytes[]
}

/** Rows as JSON arrays, split so no statement's payload passes MAX_PAYLOAD_CHARS. */
function payloads(rows: unknown[][]): string[] {
  const out: string[] = []
  let pack: string[] = []
  let size = 2
  for (const row of rows) {
    const text = JSON.stringify(row)
    if (pack.length > 0 && size + text.length + 1 > MAX_PAYLOAD_CHARS) {
      out.push(`[${pack.join(',')}]`)
      pack = []
      size = 2
    }
    pack.push(text)
    size += text.length + 1
  }
  if (pack.length > 0) out.push(`[${pack.join(',')}]`)
  return out
}

/**
 * The first statement of every write batch: moves the state from `from` to `to` (or keeps it,
 * `to` = `from`), and sets NULL, a NOT NULL failure that rolls the whole batch back, when
 * another build moved it since `from` was read.
 */
function stateGuard(db: D1Database, from: number, to: number): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE term_postings_state SET built_through = CASE WHEN built_through = ? THEN ? END
       WHERE id = 1`,
    )
    .bind(from, to)
}

/**
 * One batch of appends, for one db.batch (a transaction), behind the state guard: two builders
 * never append the same chunks twice.
 */
export function appendPostingsStatements(
  db: D1Database,
  batch: PostingsBatch,
): D1PreparedStatement[] {
  const guard = stateGuard(db, batch.from, batch.to)
  const postings = payloads(batch.postings.map((p) => [p.stem, p.block, bytesToHex(p.bytes)])).map(
    (json) =>
      db
        .prepare(
          `INSERT INTO term_postings (stem, block, postings)
           SELECT j.value ->> 0, j.value ->> 1, unhex(j.value ->> 2) FROM json_each(?) j WHERE true
           ON CONFLICT (stem, block) DO UPDATE SET postings = postings || excluded.postings`,
        )
        .bind(json),
  )
  const lengths = payloads(batch.lengths.map((l) => [l.block, bytesToHex(l.bytes)])).map((json) =>
    db
      .prepare(
        `INSERT INTO chunk_lengths (block, lengths)
         SELECT j.value ->> 0, unhex(j.value ->> 1) FROM json_each(?) j WHERE true
         ON CONFLICT (block) DO UPDATE SET lengths = lengths || excluded.lengths`,
      )
      .bind(json),
  )
  const deletedMeanwhile = db
    .prepare(
      `INSERT OR IGNORE INTO postings_deletions (id) SELECT j.value FROM json_each(?) j
       WHERE NOT EXISTS (SELECT 1 FROM chunks c WHERE c.id = j.value)`,
    )
    .bind(JSON.stringify(batch.ids))
  return [guard, ...postings, ...lengths, deletedMeanwhile]
}

/** Deleted chunks whose postings are still stored, lowest id first. */
export async function readPostingsDeletions(db: D1Database, limit: number): Promise<number[]> {
  const { results } = await db
    .prepare('SELECT id FROM postings_deletions ORDER BY id LIMIT ?')
    .bind(limit)
    .all<{ id: number }>()
  return results.map((r) => r.id)
}

export interface StoredBlock {
  postings: { stem: string; bytes: Uint8Array }[]
  lengths: Uint8Array
}

/** Every stem's postings in one block, and its lengths. */
export async function readPostingsBlock(db: D1Database, block: number): Promise<StoredBlock> {
  const [postings, lengths] = await db.batch<{ stem?: string; hex: string }>([
    db.prepare('SELECT stem, hex(postings) AS hex FROM term_postings WHERE block = ?').bind(block),
    db.prepare('SELECT hex(lengths) AS hex FROM chunk_lengths WHERE block = ?').bind(block),
  ])
  return {
    postings: (postings?.results ?? []).map((r) => ({
      stem: r.stem ?? '',
      bytes: hexToBytes(r.hex),
    })),
    lengths: hexToBytes(lengths?.results[0]?.hex ?? ''),
  }
}

/**
 * One block rewritten without the chunks in `purged`, in one batch: changed stems replaced,
 * emptied ones deleted, the deletions cleared and the generation moved on. The first statement
 * fails the batch (NOT NULL) if the state is no longer `builtThrough`, the state the block was
 * read at: an append since then would be overwritten.
 */
export function replaceBlockStatements(
  db: D1Database,
  block: number,
  change: {
    builtThrough: number
    postings: { stem: string; bytes: Uint8Array }[]
    lengths: Uint8Array
    purged: number[]
  },
): D1PreparedStatement[] {
  const kept = change.postings.filter((p) => p.bytes.length > 0)
  const emptied = change.postings.filter((p) => p.bytes.length === 0).map((p) => p.stem)
  const replace = payloads(kept.map((p) => [p.stem, bytesToHex(p.bytes)])).map((json) =>
    db
      .prepare(
        `INSERT INTO term_postings (stem, block, postings)
         SELECT j.value ->> 0, ?, unhex(j.value ->> 1) FROM json_each(?) j WHERE true
         ON CONFLICT (stem, block) DO UPDATE SET postings = excluded.postings`,
      )
      .bind(block, json),
  )
  const remove = payloads(emptied.map((stem) => [stem])).map((json) =>
    db
      .prepare(
        `DELETE FROM term_postings WHERE block = ?
         AND stem IN (SELECT j.value ->> 0 FROM json_each(?) j)`,
      )
      .bind(block, json),
  )
  const guard = stateGuard(db, change.builtThrough, change.builtThrough)
  return [
    guard,
    ...replace,
    ...remove,
    db
      .prepare('UPDATE chunk_lengths SET lengths = unhex(?) WHERE block = ?')
      .bind(bytesToHex(change.lengths), block),
    db
      .prepare('DELETE FROM postings_deletions WHERE id IN (SELECT value FROM json_each(?))')
      .bind(JSON.stringify(change.purged)),
    db.prepare('UPDATE term_postings_state SET generation = generation + 1 WHERE id = 1'),
  ]
}

/** FTS5's own counts (its averages record): rows, and tokens over every column. */
export interface FtsTotals {
  rows: number
  tokens: number
}

/** SQLite's varints (big-endian, 7 bits a byte, a ninth byte of 8), as FTS5 stores them. */
export function readVarints(bytes: Uint8Array): number[] {
  const out: number[] = []
  let i = 0
  while (i < bytes.length) {
    let value = 0
    for (let n = 0; i < bytes.length; n++) {
      const byte = bytes[i++] ?? 0
      if (n === 8) {
        value = value * 256 + byte
        break
      }
      value = value * 128 + (byte & 0x7f)
      if (byte < 0x80) break
    }
    out.push(value)
  }
  return out
}

function toTotals(hex: unknown): FtsTotals | null {
  if (typeof hex !== 'string' || hex.length === 0) return null
  const [rows = 0, ...columns] = readVarints(hexToBytes(hex))
  return { rows, tokens: columns.reduce((a, b) => a + b, 0) }
}

export interface PostingsRead {
  state: PostingsState
  /** Null when FTS5's record could not be read (absent, or not readable here). */
  totals: FtsTotals | null
  /** Length blocks from the block asked for on. */
  lengths: { block: number; hex: string }[]
  postings: { stem: string; block: number; hex: string }[]
}

/**
 * The state, the length blocks from `lengthsFrom` on, each stem's posting blocks from its own
 * first block on and, `withTotals`, FTS5's row and token totals (its averages record, so the
 * average length is FTS5's own, chunks not built yet and deleted ones included), in one batch:
 * one snapshot, one round trip.
 */
export async function readPostings(
  db: D1Database,
  stems: { stem: string; from: number }[],
  lengthsFrom: number,
  withTotals = true,
): Promise<PostingsRead> {
  const totals = withTotals
    ? [db.prepare('SELECT hex(block) AS hex FROM chunks_fts_data WHERE id = 1')]
    : []
  const [state, lengths, postings, averages] = await db.batch<Record<string, unknown>>([
    db.prepare(stateSql),
    db
      .prepare('SELECT block, hex(lengths) AS hex FROM chunk_lengths WHERE block >= ?')
      .bind(lengthsFrom),
    db
      .prepare(
        `SELECT p.stem AS stem, p.block AS block, hex(p.postings) AS hex
         FROM json_each(?) j CROSS JOIN term_postings p
         ON p.stem = j.value ->> 0 AND p.block >= j.value ->> 1`,
      )
      .bind(JSON.stringify(stems.map((s) => [s.stem, s.from]))),
    ...totals,
  ])
  return {
    state: toState(state?.results[0] as StateRow | undefined),
    totals: toTotals(averages?.results[0]?.hex),
    lengths: (lengths?.results ?? []) as PostingsRead['lengths'],
    postings: (postings?.results ?? []) as PostingsRead['postings'],
  }
}

/**
 * Of `ids`, those stored in the namespaces (and sources) given, in the order given: ranked
 * candidates from the postings span the whole index and may name chunks deleted since.
 */
export async function keepChunksInScope(
  db: D1Database,
  ids: readonly number[],
  scope: { namespaces: readonly string[]; sourceIds?: readonly string[] },
): Promise<number[]> {
  if (ids.length === 0) return []
  const { results } = await db
    .prepare(
      `SELECT c.id AS id FROM json_each(?) j JOIN chunks c ON c.id = j.value
       WHERE c.namespace IN (SELECT value FROM json_each(?))
         AND (? IS NULL OR c.source_id IN (SELECT value FROM json_each(?)))`,
    )
    .bind(
      JSON.stringify(ids),
      JSON.stringify(scope.namespaces),
      scope.sourceIds ? 1 : null,
      JSON.stringify(scope.sourceIds ?? []),
    )
    .all<{ id: number }>()
  const kept = new Set(results.map((r) => r.id))
  return ids.filter((id) => kept.has(id))
}

/**
 * FTS5's own bm25() for the chunks after `after` (not yet in the postings), best first:
 * highest score first, scores positive as in searchChunksBm25.
 */
export async function rankChunksAfter(
  db: D1Database,
  q: { match: string; after: number; weights: { title: number; content: number } },
): Promise<{ id: number; score: number }[]> {
  const rank = `bm25(chunks_fts, ${Number(q.weights.title).toFixed(3)}, ${Number(q.weights.content).toFixed(3)})`
  const { results } = await db
    .prepare(
      `SELECT rowid AS id, -${rank} AS score FROM chunks_fts
       WHERE chunks_fts MATCH ? AND rowid > ? ORDER BY score DESC`,
    )
    .bind(q.match, q.after)
    .all<{ id: number; score: number }>()
  return results
}
