// Corpus statistics for the relevance judgement: document frequencies of query terms counted
// through the knowledge base's FTS5 index (always in step with the corpus), cached per
// isolate for a few minutes since IDF moves slowly.
import { countChunks, countChunksWithTerms } from '../db'
import type { TermStatistics, TermStatisticsSource } from './term-weights'
import { termOf, wordsOf } from './terms'
import { foldText } from './text'

const TTL_MS = 5 * 60_000
const MAX_CACHED_TERMS = 20_000

interface Cache {
  at: number
  documents: number
  frequencies: Map<string, number>
}

const caches = new WeakMap<D1Database, Cache>()

/** Each content term of a text with a word of the text that FTS5 stems to it. */
function termWords(text: string): Map<string, string> {
  const words = new Map<string, string>()
  for (const word of wordsOf(text)) {
    const term = termOf(word)
    if (term && !words.has(term)) words.set(term, foldText(word))
  }
  return words
}

export function createTermStatisticsSource(
  db: D1Database,
  now: () => number = Date.now,
): TermStatisticsSource {
  return async (text) => {
    let cache = caches.get(db)
    if (!cache || now() - cache.at > TTL_MS || cache.frequencies.size > MAX_CACHED_TERMS) {
      cache = { at: now(), documents: await countChunks(db), frequencies: new Map() }
      caches.set(db, cache)
    }
    const frequencies = cache.frequencies
    // FTS5 stems what it is asked for, and Porter is not idempotent ("causes" is stored as
    // "caus", but "caus" is stemmed again to "cau"): so each term is looked up by its word.
    const missing = [...termWords(text)].filter(([term]) => !frequencies.has(term))
    if (missing.length > 0) {
      const counts = await countChunksWithTerms(
        db,
        missing.map(([, word]) => word),
      )
      for (const [term, word] of missing) frequencies.set(term, counts.get(word) ?? 0)
    }
    const documents = cache.documents
    const stats: TermStatistics = {
      documents,
      documentFrequency: (term) => frequencies.get(term) ?? 0,
    }
    return stats
  }
}
