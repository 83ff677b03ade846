// The reads a query ranks from the term postings (term-postings.ts): one batch for the state,
// the blocks and the counts of the namespaces read; the scope check of ranked candidates; and
// FTS5's own ranking of the chunks the build has not reached.
import { visibleTotalsStatement, type VisibleTotals } from './namespace-terms'
import { stateSql, toState, type PostingsState, type StateRow } from './term-postings'

export interface PostingsRead {
  state: PostingsState
  /** The postings' chunks and tokens in the namespaces read: N and the average length. */
  visible: VisibleTotals
  /** Chunks of those namespaces stored after the build (FTS5 ranks them). */
  unbuiltVisible: number
  /** Length blocks from the block asked for on. */
  lengths: { block: number; hex: string }[]
  postings: { stem: string; block: number; hex: string }[]
  /** Each namespace's member blocks from its own first block on. */
  members: { namespace: string; block: number; hex: string }[]
}

/**
 * The state, the length blocks from `lengthsFrom` on, each stem's posting blocks from its own
 * first block on, and for the namespaces read their totals, their chunks past the build and
 * their member blocks (each from its own first block on), in one batch: one snapshot, one
 * round trip.
 */
export async function readPostings(
  db: D1Database,
  stems: { stem: string; from: number }[],
  lengthsFrom: number,
  namespaces: { namespace: string; from: number }[],
): Promise<PostingsRead> {
  const names = JSON.stringify(namespaces.map((n) => n.namespace))
  const [state, lengths, postings, visible, unbuilt, members] = await db.batch<
    Record<string, unknown>
  >([
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
    visibleTotalsStatement(
      db,
      namespaces.map((n) => n.namespace),
    ),
    db
      .prepare(
        `SELECT count(*) AS n FROM json_each(?) j CROSS JOIN chunks c
         ON c.namespace = j.value AND c.id > (SELECT built_through FROM term_postings_state)`,
      )
      .bind(names),
    db
      .prepare(
        `SELECT m.namespace AS namespace, m.block AS block, hex(m.offsets) AS hex
         FROM json_each(?) j CROSS JOIN namespace_chunks m
         ON m.namespace = j.value ->> 0 AND m.block >= j.value ->> 1`,
      )
      .bind(JSON.stringify(namespaces.map((n) => [n.namespace, n.from]))),
  ])
  const totals = visible?.results[0] as Partial<VisibleTotals> | undefined
  return {
    state: toState(state?.results[0] as StateRow | undefined),
    visible: { documents: totals?.documents ?? 0, tokens: totals?.tokens ?? 0 },
    unbuiltVisible: Number(unbuilt?.results[0]?.n ?? 0),
    lengths: (lengths?.results ?? []) as PostingsRead['lengths'],
    postings: (postings?.results ?? []) as PostingsRead['postings'],
    members: (members?.results ?? []) as PostingsRead['members'],
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
  q: {
    match: string
    after: number
    weights: { title: number; content: number }
    namespaces: readonly string[]
  },
): Promise<{ id: number; score: number }[]> {
  const rank = `bm25(chunks_fts, ${Number(q.weights.title).toFixed(3)}, ${Number(q.weights.content).toFixed(3)})`
  const { results } = await db
    .prepare(
      `SELECT rowid AS id, -${rank} AS score FROM chunks_fts
       WHERE chunks_fts MATCH ? AND rowid > ?
         AND rowid IN (SELECT c.id FROM json_each(?) j CROSS JOIN chunks c
                       ON c.namespace = j.value AND c.id > ?)
       ORDER BY score DESC`,
    )
    .bind(q.match, q.after, JSON.stringify(q.namespaces), q.after)
    .all<{ id: number; score: number }>()
  return results
}
