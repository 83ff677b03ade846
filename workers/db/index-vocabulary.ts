// The full-text index's own vocabulary (FTS5's fts5vocab tables over chunks_fts), for spelling:
// the stored terms near a misspelt word, and a word of the library that stems to one of them.
// Made on first use rather than by a migration, so a database that refuses these tables costs
// only the correction (the caller lists it as a fallback).
import { namespaceFilter } from './corpus-reads'
import { namespaceTermsInRange } from './namespace-terms'

/** Databases whose vocabulary tables this isolate has made sure of. */
const ready = new WeakSet<D1Database>()

async function ensureVocabulary(db: D1Database): Promise<void> {
  if (ready.has(db)) return
  await db.batch([
    db.prepare(
      "CREATE VIRTUAL TABLE IF NOT EXISTS chunks_fts_terms USING fts5vocab(chunks_fts, 'row')",
    ),
    db.prepare(
      "CREATE VIRTUAL TABLE IF NOT EXISTS chunks_fts_instances USING fts5vocab(chunks_fts, 'instance')",
    ),
  ])
  ready.add(db)
}

/** Terms read per lookup at most: a prefix shared by more is too short to spell by. */
const MAX_TERMS = 2000

/**
 * Index terms that open with `stem`'s first three letters and are at most `edits` letters longer
 * or shorter, with the chunks holding each in `namespaces` (the per-namespace counts beside the
 * postings): another namespace's words neither appear nor outrank the caller's. Only when
 * those counts hold none (chunks the postings builder has not reached yet) is FTS5's
 * vocabulary of every namespace read; a term is offered only once `chunkHoldingTerm` finds it
 * in the caller's own.
 */
export async function indexTermsNear(
  db: D1Database,
  stem: string,
  edits: number,
  namespaces: readonly string[],
): Promise<{ term: string; documents: number }[]> {
  const prefix = stem.slice(0, 3)
  if (prefix.length < 3) return []
  // Both read the range [prefix, next prefix); the length test runs on what they read.
  const last = prefix.codePointAt(prefix.length - 1) ?? 0
  const end = prefix.slice(0, -1) + String.fromCodePoint(last + 1)
  const range = {
    from: prefix,
    to: end,
    shortest: stem.length - edits,
    longest: stem.length + edits,
  }
  const visible = await namespaceTermsInRange(db, namespaces, range)
  if (visible.length > 0) return visible
  await ensureVocabulary(db)
  const { results } = await db
    .prepare(
      `SELECT term, doc AS documents FROM chunks_fts_terms
       WHERE term >= ? AND term < ? AND length(term) BETWEEN ? AND ? LIMIT ?`,
    )
    .bind(prefix, end, stem.length - edits, stem.length + edits, MAX_TERMS)
    .all<{ term: string; documents: number }>()
  return results
}

/**
 * The title and text of one chunk in `namespaces` whose index holds `term` (a stored stem), for
 * reading the word it was stemmed from; null when none of theirs does.
 */
export async function chunkHoldingTerm(
  db: D1Database,
  term: string,
  namespaces: readonly string[],
): Promise<{ title: string; content: string } | null> {
  await ensureVocabulary(db)
  const scope = namespaceFilter(namespaces)
  return db
    .prepare(
      `SELECT c.title AS title, c.content AS content FROM chunks c
       WHERE c.id = (SELECT i.doc FROM chunks_fts_instances i JOIN chunks c ON c.id = i.doc
                     WHERE i.term = ? AND ${scope.sql} LIMIT 1)`,
    )
    .bind(term, ...scope.binds)
    .first<{ title: string; content: string }>()
}
