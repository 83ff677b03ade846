// Typed D1 statements for the per-namespace counts kept beside the term postings (schema.ts:
// namespaceTerms, namespaceTotals, namespaceChunks): the builder adds what it appends and takes
// away what it purges, and a read sums the rows of the namespaces it may see. Every JSON
// payload is bound as one value, so a statement carries a whole batch.
import { bytesToHex } from './hex'
import { payloads } from './json-payloads'

/** What a batch of chunks adds to (or a purge takes from) the counts of their namespaces. */
export interface NamespaceCounts {
  /** [namespace, stem, chunks holding the stem]. */
  terms: [string, string, number][]
  /** [namespace, chunks, tokens]. */
  totals: [string, number, number][]
}

/** Which chunks of a block a namespace holds: offsets as uint16 LE, ascending. */
export interface NamespaceMembers {
  namespace: string
  block: number
  bytes: Uint8Array
}

/** Adds `counts` (sign 1) or takes them away (sign -1); rows reaching 0 are removed. */
export function namespaceCountStatements(
  db: D1Database,
  counts: NamespaceCounts,
  sign: 1 | -1,
): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = []
  const terms = payloads(counts.terms)
  const totals = JSON.stringify(counts.totals)
  for (const json of terms)
    statements.push(
      db
        .prepare(
          `INSERT INTO namespace_terms (namespace, stem, documents)
           SELECT j.value ->> 0, j.value ->> 1, ? * (j.value ->> 2) FROM json_each(?) j WHERE true
           ON CONFLICT (namespace, stem) DO UPDATE SET documents = documents + excluded.documents`,
        )
        .bind(sign, json),
    )
  if (counts.totals.length > 0)
    statements.push(
      db
        .prepare(
          `INSERT INTO namespace_totals (namespace, documents, tokens)
           SELECT j.value ->> 0, ? * (j.value ->> 1), ? * (j.value ->> 2) FROM json_each(?) j
           WHERE true ON CONFLICT (namespace) DO UPDATE SET
             documents = documents + excluded.documents, tokens = tokens + excluded.tokens`,
        )
        .bind(sign, sign, totals),
    )
  // Only a purge empties a row, and only the rows it touched are looked at.
  if (sign > 0) return statements
  for (const json of terms)
    statements.push(
      db
        .prepare(
          `DELETE FROM namespace_terms WHERE documents <= 0 AND (namespace, stem) IN
           (SELECT j.value ->> 0, j.value ->> 1 FROM json_each(?) j)`,
        )
        .bind(json),
    )
  if (counts.totals.length > 0)
    statements.push(
      db
        .prepare(
          `DELETE FROM namespace_totals WHERE documents <= 0 AND namespace IN
           (SELECT j.value ->> 0 FROM json_each(?) j)`,
        )
        .bind(totals),
    )
  return statements
}

/** Appends offsets to each namespace's block (`append`), or replaces them (empty: deleted). */
export function namespaceMemberStatements(
  db: D1Database,
  members: NamespaceMembers[],
  mode: 'append' | 'replace',
): D1PreparedStatement[] {
  if (members.length === 0) return []
  // A block's offsets are at most 2 KB of hex: every namespace's fits one payload.
  const rows = JSON.stringify(members.map((m) => [m.namespace, m.block, bytesToHex(m.bytes)]))
  const update = mode === 'append' ? 'offsets || excluded.offsets' : 'excluded.offsets'
  const write = db
    .prepare(
      `INSERT INTO namespace_chunks (namespace, block, offsets)
       SELECT j.value ->> 0, j.value ->> 1, unhex(j.value ->> 2) FROM json_each(?) j WHERE true
       ON CONFLICT (namespace, block) DO UPDATE SET offsets = ${update}`,
    )
    .bind(rows)
  if (mode === 'append') return [write]
  const emptied = db
    .prepare(
      `DELETE FROM namespace_chunks WHERE length(offsets) = 0 AND (namespace, block) IN
       (SELECT j.value ->> 0, j.value ->> 1 FROM json_each(?) j)`,
    )
    .bind(rows)
  return [write, emptied]
}

export interface VisibleTotals {
  /** Chunks in the postings in these namespaces. */
  documents: number
  tokens: number
}

/** Statement: the summed totals of `namespaces` (one row: documents, tokens). */
export function visibleTotalsStatement(
  db: D1Database,
  namespaces: readonly string[],
): D1PreparedStatement {
  return db
    .prepare(
      `SELECT coalesce(sum(documents), 0) AS documents, coalesce(sum(tokens), 0) AS tokens
       FROM namespace_totals WHERE namespace IN (SELECT value FROM json_each(?))`,
    )
    .bind(JSON.stringify(namespaces))
}

/**
 * Chunks holding each stem in `namespaces` (absent: none), and their totals, in one batch. The
 * CROSS JOINs fix the order: one primary-key probe per (namespace, stem), never a walk over a
 * namespace's whole vocabulary.
 */
export async function readNamespaceStats(
  db: D1Database,
  namespaces: readonly string[],
  stems: readonly string[],
): Promise<VisibleTotals & { df: Map<string, number> }> {
  const [totals, terms] = await db.batch<Record<string, unknown>>([
    visibleTotalsStatement(db, namespaces),
    db
      .prepare(
        `SELECT t.stem AS stem, sum(t.documents) AS n
         FROM json_each(?) ns CROSS JOIN json_each(?) s
         CROSS JOIN namespace_terms t ON t.namespace = ns.value AND t.stem = s.value
         GROUP BY t.stem`,
      )
      .bind(JSON.stringify(namespaces), JSON.stringify(stems)),
  ])
  const row = totals?.results[0] as Partial<VisibleTotals> | undefined
  const df = new Map<string, number>()
  for (const r of (terms?.results ?? []) as { stem: string; n: number }[]) df.set(r.stem, r.n)
  return { documents: row?.documents ?? 0, tokens: row?.tokens ?? 0, df }
}

/** Terms per lookup at most: a prefix shared by more is too short to spell by. */
const MAX_NEAR_TERMS = 2000

/**
 * Stems in `namespaces` in [from, to) between `shortest` and `longest` letters long, with the
 * chunks of those namespaces holding each: spelling's candidates, counted as the read sees them.
 */
export async function namespaceTermsInRange(
  db: D1Database,
  namespaces: readonly string[],
  range: { from: string; to: string; shortest: number; longest: number },
): Promise<{ term: string; documents: number }[]> {
  const { results } = await db
    .prepare(
      `SELECT t.stem AS term, sum(t.documents) AS documents
       FROM json_each(?) ns CROSS JOIN namespace_terms t ON t.namespace = ns.value
       WHERE t.stem >= ? AND t.stem < ? AND length(t.stem) BETWEEN ? AND ?
       GROUP BY t.stem LIMIT ?`,
    )
    .bind(
      JSON.stringify(namespaces),
      range.from,
      range.to,
      range.shortest,
      range.longest,
      MAX_NEAR_TERMS,
    )
    .all<{ term: string; documents: number }>()
  return results
}
