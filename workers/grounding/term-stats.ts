// Corpus statistics for the relevance judgement: document frequencies of query terms counted
// through the knowledge base's FTS5 index (always in step with the corpus), cached per
// isolate for a few minutes since IDF moves slowly.
import { countChunks, countChunksWithTerms } from '../db'
import type { TermStatistics, TermStatisticsSource } from './relevance'
import { wordStemmingTo } from './terms'

const TTL_MS = 5 * 60_000
const MAX_CACHED_TERMS = 20_000

interface Cache {
  at: number
  documents: number
  frequencies: Map<string, number>
}

const caches = new WeakMap<D1Database, Cache>()

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

export function createTermStatisticsSource(
  db: D1Database,
  now: () => number = Date.now,
): TermStatisticsSource {
  return async (terms) => {
    let cache = caches.get(db)
    if (!cache || now() - cache.at > TTL_MS || cache.frequencies.size > MAX_CACHED_TERMS) {
      cache = { at: now(), documents: await countChunks(db), frequencies: new Map() }
      caches.set(db, cache)
    }
    const frequencies = cache.frequencies
    const missing = [...new Set(terms)].filter((t) => !frequencies.has(t) && ftsToken(t))
    if (missing.length > 0) {
      const counts = await countChunksWithTerms(db, missing.map(ftsToken))
      for (const term of missing) frequencies.set(term, counts.get(ftsToken(term)) ?? 0)
    }
    const documents = cache.documents
    const stats: TermStatistics = {
      documents,
      documentFrequency: (term) => frequencies.get(term) ?? 0,
    }
    return stats
  }
}
