// The library's spelling over the namespaces a capability searches: the index's vocabulary
// near a word it never uses, and a chunk of those namespaces holding each candidate (a word
// only another library holds is never offered). /api/ask, debate and writing read a question
// through it, so a typo finds the same papers in each. Papers chat does not: a session's few
// papers leave most correct words unknown, and "cancer" would be read as their "cancel".
import { chunkHoldingTerm, indexTermsNear } from '../db'
import { respellQuery, type SpellingLookups } from './spelling'
import { createTermStatisticsSource } from './term-stats'

/** The lookups respellQuery needs, but the statistics (the caller has its own). */
export function librarySpelling(
  db: D1Database,
  namespaces: readonly string[],
): Omit<SpellingLookups, 'stats'> {
  return {
    near: (stem, edits) => indexTermsNear(db, stem, edits, namespaces),
    textHolding: async (term) => {
      const chunk = await chunkHoldingTerm(db, term, namespaces)
      return chunk && `${chunk.title}\n${chunk.content}`
    },
  }
}

/**
 * `query` with each word the namespaces never use read as their nearest term, or, when the
 * index cannot be read, as written, with the fallback code to list (modeReport reads it).
 */
export async function respellForLibrary(
  query: string,
  db: D1Database,
  namespaces: readonly string[],
  signal: AbortSignal,
): Promise<{ query: string; fallback?: string }> {
  const stats = createTermStatisticsSource(db, namespaces)
  try {
    const lookups = {
      ...librarySpelling(db, namespaces),
      stats: (text: string) => stats(text, signal),
    }
    return { query: await respellQuery(query, lookups) }
  } catch (error) {
    if (signal.aborted) throw error
    return {
      query,
      fallback: "spelling:the library's words could not be read; searched as written",
    }
  }
}
