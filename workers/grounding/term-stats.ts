// Corpus statistics for the relevance judgement: document frequencies of query terms in the
// namespaces being searched (so no other namespace's writes move the bar), counted through the
// knowledge base's FTS5 index (always in step with the corpus), cached per isolate and scope
// for a few minutes since IDF moves slowly.
import { countChunksWithTerms, countNamespaceChunks, holdsEveryChunk } from '../db'
import type { TermStatistics, TermStatisticsSource } from './relevance'
import { wordStemmingTo } from './terms'

const TTL_MS = 5 * 60_000
const MAX_CACHED_TERMS = 20_000

/** Scopes cached per database: a session's own namespaces make one each. */
const MAX_CACHED_SCOPES = 200

interface Cache {
  at: number
  /** Chunks in the namespaces: N of the IDF. */
  documents: number
  frequencies: Map<string, number>
}

const caches = new WeakMap<D1Database, Map<string, Cache>>()

/**
 * The FTS5 token for a stem. FTS5's porter tokenizer stems the query too, and Porter is not
 * idempotent: "causes" is stored as "caus", but a query for "caus" is stemmed again to "cau"
 * and matches nothing (so "cause", "disease", "increase" looked like the rarest words of the
 * corpus). A word that stems to this stem is stemmed by FTS5 to the same token.
 */
function ftsToken(term: string): string {
  const word = /^\p{L}+$/u.test(term) ? wordStemmingTo(term) : term
  return word.replace(/[^\p{L}\p{N}]+/gu, ' ').trim()
}

/** Statistics over `namespaces`: the ones the judged passages were retrieved from. */
export function createTermStatisticsSource(
  db: D1Database,
  namespaces: readonly string[],
  now: () => number = Date.now,
): TermStatisticsSource {
  const key = [...namespaces].sort().join('\u0000')
  return async (terms) => {
    let byScope = caches.get(db)
    if (!byScope) caches.set(db, (byScope = new Map()))
    let cache = byScope.get(key)
    if (!cache || now() - cache.at > TTL_MS || cache.frequencies.size > MAX_CACHED_TERMS) {
      const documents = await countNamespaceChunks(db, namespaces)
      cache = { at: now(), documents, frequencies: new Map() }
      if (byScope.size >= MAX_CACHED_SCOPES) byScope.clear()
      byScope.set(key, cache)
    }
    const { frequencies, documents } = cache
    const missing = [...new Set(terms)].filter((t) => !frequencies.has(t) && ftsToken(t))
    if (missing.length > 0) {
      // Asked afresh: a chunk written elsewhere since must not be counted as ours.
      const whole = await holdsEveryChunk(db, namespaces)
      const counts = await countChunksWithTerms(db, missing.map(ftsToken), { namespaces, whole })
      for (const term of missing) frequencies.set(term, counts.get(ftsToken(term)) ?? 0)
    }
    const stats: TermStatistics = {
      documents,
      documentFrequency: (term) => frequencies.get(term) ?? 0,
    }
    return stats
  }
}
