// Corpus statistics for the relevance judgement: document frequencies of query terms in the
// namespaces being searched (so no other namespace's writes move the bar), counted through the
// knowledge base's FTS5 index (always in step with the corpus), cached per isolate and scope
// for a few minutes since IDF moves slowly.
import { LRUCache } from 'lru-cache'
import {
  countChunksWithTerms,
  countNamespaceChunks,
  holdsEveryChunk,
  perDatabaseCache,
} from '../db'
import type { TermStatistics, TermStatisticsSource } from './term-weights'
import { termOf, wordsOf } from './terms'
import { foldText } from './text'

const TTL_MS = 5 * 60_000
const MAX_CACHED_TERMS = 20_000

/** Scopes cached per database: a session's own namespaces make one each. */
const MAX_CACHED_SCOPES = 200

interface Cache {
  at: number
  /** Chunks in the namespaces: N of the IDF. */
  documents: number
  /** Least recently used terms leave first when full. */
  frequencies: LRUCache<string, number>
}

const cacheFor = perDatabaseCache(() => new LRUCache<string, Cache>({ max: MAX_CACHED_SCOPES }))

/** Each content term of a text with a word of the text that FTS5 stems to it. */
function termWords(text: string): Map<string, string> {
  const words = new Map<string, string>()
  for (const word of wordsOf(text)) {
    const term = termOf(word)
    if (term && !words.has(term)) words.set(term, foldText(word))
  }
  return words
}

/** Statistics over `namespaces`: the ones the judged passages were retrieved from. */
export function createTermStatisticsSource(
  db: D1Database,
  namespaces: readonly string[],
  now: () => number = Date.now,
): TermStatisticsSource {
  const key = [...namespaces].sort().join('\u0000')
  return async (text) => {
    const byScope = cacheFor(db)
    let cache = byScope.get(key)
    if (!cache || now() - cache.at > TTL_MS) {
      const documents = await countNamespaceChunks(db, namespaces)
      cache = { at: now(), documents, frequencies: new LRUCache({ max: MAX_CACHED_TERMS }) }
      byScope.set(key, cache)
    }
    const { frequencies, documents } = cache
    // FTS5 stems what it is asked for, and Porter is not idempotent ("causes" is stored as
    // "caus", but "caus" is stemmed again to "cau"): so each term is looked up by its word.
    const missing = [...termWords(text)].filter(([term]) => !frequencies.has(term))
    if (missing.length > 0) {
      // Asked afresh: a chunk written elsewhere since must not be counted as ours.
      const whole = await holdsEveryChunk(db, namespaces)
      const words = missing.map(([, word]) => word)
      const counts = await countChunksWithTerms(db, words, { namespaces, whole })
      for (const [term, word] of missing) frequencies.set(term, counts.get(word) ?? 0)
    }
    const stats: TermStatistics = {
      documents,
      documentFrequency: (term) => frequencies.get(term) ?? 0,
    }
    return stats
  }
}
