// Typed D1 statements for the term postings kept beside FTS5 (schema.ts, termPostings): the
// builder's reads and appends, and the reads a query ranks from. Blobs travel as hex text both
// ways (json_each + unhex in, hex() out), so one statement carries a whole batch.
import { bytesToHex, hexToBytes } from './hex'
import { payloads } from './json-payloads'
import {
  namespaceCountStatements,
  namespaceMemberStatements,
  type NamespaceCounts,
  type NamespaceMembers,
} from './namespace-terms'

/** Chunk ids per postings block: offsets fit a uint16, and a block stays small to rewrite. */
export const POSTINGS_BLOCK = 1024

export interface PostingsState {
  /** Every chunk id up to here is in the postings. */
  builtThrough: number
  /** The highest chunk id stored (0 when there is none). */
  maxChunkId: number
  /** Purges so far: a block read before the last one may still hold deleted chunks. */
  generation: number
}

export const stateSql = `SELECT s.built_through AS built, s.generation AS generation,
  (SELECT max(id) FROM chunks) AS max_id FROM term_postings_state s WHERE s.id = 1`

export type StateRow = { built: number | null; generation: number | null; max_id: number | null }

export const toState = (row: StateRow | null | undefined): PostingsState => ({
  builtThrough: row?.built ?? 0,
  maxChunkId: row?.max_id ?? 0,
  generation: row?.generation ?? 0,
})

export async function readPostingsState(db: D1Database): Promise<PostingsState> {
  return toState(await db.prepare(stateSql).first<StateRow>())
}

export interface ChunkText {
  id: number
  namespace: string
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
    .prepare('SELECT id, namespace, title, content FROM chunks WHERE id > ? ORDER BY id LIMIT ?')
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
  read: { id: number; namespace: string }[]
  postings: (BlockBytes & { stem: string })[]
  lengths: BlockBytes[]
  /** What the chunks add to their namespaces' counts, and the blocks each namespace holds. */
  counts: NamespaceCounts
  members: NamespaceMembers[]
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
      `INSERT OR IGNORE INTO postings_deletions (id, namespace)
       SELECT j.value ->> 0, j.value ->> 1 FROM json_each(?) j
       WHERE NOT EXISTS (SELECT 1 FROM chunks c WHERE c.id = j.value ->> 0)`,
    )
    .bind(JSON.stringify(batch.read.map((c) => [c.id, c.namespace])))
  return [
    guard,
    ...postings,
    ...lengths,
    ...namespaceCountStatements(db, batch.counts, 1),
    ...namespaceMemberStatements(db, batch.members, 'append'),
    deletedMeanwhile,
  ]
}

export interface PostingsDeletion {
  id: number
  /** Whose counts the purge takes the chunk from. */
  namespace: string
}

/** Deleted chunks whose postings are still stored, lowest id first. */
export async function readPostingsDeletions(
  db: D1Database,
  limit: number,
): Promise<PostingsDeletion[]> {
  const { results } = await db
    .prepare('SELECT id, namespace FROM postings_deletions ORDER BY id LIMIT ?')
    .bind(limit)
    .all<PostingsDeletion>()
  return results
}

export interface StoredBlock {
  postings: { stem: string; bytes: Uint8Array }[]
  lengths: Uint8Array
  /** Per namespace, the offsets of its chunks in the block. */
  members: NamespaceMembers[]
}

/** Every stem's postings in one block, and its lengths. */
export async function readPostingsBlock(db: D1Database, block: number): Promise<StoredBlock> {
  const [postings, lengths, members] = await db.batch<{
    stem?: string
    namespace?: string
    hex: string
  }>([
    db.prepare('SELECT stem, hex(postings) AS hex FROM term_postings WHERE block = ?').bind(block),
    db.prepare('SELECT hex(lengths) AS hex FROM chunk_lengths WHERE block = ?').bind(block),
    db
      .prepare('SELECT namespace, hex(offsets) AS hex FROM namespace_chunks WHERE block = ?')
      .bind(block),
  ])
  return {
    members: (members?.results ?? []).map((r) => ({
      namespace: r.namespace ?? '',
      block,
      bytes: hexToBytes(r.hex),
    })),
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
    /** What the purged chunks took from their namespaces, and those namespaces' blocks now. */
    counts: NamespaceCounts
    members: NamespaceMembers[]
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
    ...namespaceCountStatements(db, change.counts, -1),
    ...namespaceMemberStatements(db, change.members, 'replace'),
    db
      .prepare('DELETE FROM postings_deletions WHERE id IN (SELECT value FROM json_each(?))')
      .bind(JSON.stringify(change.purged)),
    db.prepare('UPDATE term_postings_state SET generation = generation + 1 WHERE id = 1'),
  ]
}
