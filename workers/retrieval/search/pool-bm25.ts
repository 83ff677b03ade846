// BM25 in code over a recall pool, with FTS5's own formula (bm25(): k1 1.2, b 0.75, column
// weights on term frequency, row length over all columns, IDF floored at 1e-6) and the whole
// index's statistics, so a query scored here ranks the pool as FTS5 would rank it.
import { porterStem, wordCounts } from '../../grounding'
import { queryTerms } from './fts-query'

const K1 = 1.2
const B = 0.75

/** A pooled row reduced to what BM25 reads: weighted stem frequencies and its length. */
export interface PoolDoc {
  id: number
  length: number
  freq: Map<string, number>
}

export interface PoolStats {
  /** Rows in the whole index. */
  total: number
  df(stem: string): number
  /** Mean tokens per row over the whole index. */
  meanLength: number
}

export function poolDoc(
  row: { id: number; title: string; content: string },
  weights: { title: number; content: number },
): PoolDoc {
  const freq = new Map<string, number>()
  const title = wordCounts(row.title)
  const content = wordCounts(row.content)
  for (const [counts, weight] of [
    [title.counts, weights.title],
    [content.counts, weights.content],
  ] as const) {
    for (const [token, n] of counts) {
      const stem = porterStem(token)
      freq.set(stem, (freq.get(stem) ?? 0) + n * weight)
    }
  }
  return { id: row.id, length: title.length + content.length, freq }
}

/** The stems FTS5 matches for `text` (one per query term, as toFtsQuery writes them). */
export function queryPhrases(text: string): string[] {
  return queryTerms(text).map(porterStem)
}

function idf(stats: PoolStats, stem: string): number {
  const n = stats.df(stem)
  const value = Math.log((stats.total - n + 0.5) / (n + 0.5))
  return value > 0 ? value : 1e-6
}

/** BM25 of each doc matching any phrase (FTS5's bm25() negated: higher is better). */
export function scorePool(
  docs: readonly PoolDoc[],
  phrases: readonly string[],
  stats: PoolStats,
): { id: number; score: number }[] {
  if (phrases.length === 0) return []
  const weights = phrases.map((p) => idf(stats, p))
  const scored: { id: number; score: number }[] = []
  for (const doc of docs) {
    const norm = K1 * (1 - B + (B * doc.length) / stats.meanLength)
    let score = 0
    let matched = false
    phrases.forEach((phrase, i) => {
      const f = doc.freq.get(phrase)
      if (!f) return
      matched = true
      score += ((weights[i] ?? 0) * (f * (K1 + 1))) / (f + norm)
    })
    if (matched) scored.push({ id: doc.id, score })
  }
  return scored
}

/** Ids of the docs matching any phrase, best first (ties by id), at most `limit`. */
export function rankPool(
  docs: readonly PoolDoc[],
  phrases: readonly string[],
  stats: PoolStats,
  limit: number,
): number[] {
  return scorePool(docs, phrases, stats)
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .slice(0, limit)
    .map((s) => s.id)
}
