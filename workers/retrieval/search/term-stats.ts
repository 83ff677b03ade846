// Document frequencies of query and feedback terms, counted through the FTS5 index (always
// in step with the corpus, nothing extra to maintain) and cached in the isolate for a while:
// IDF moves slowly, so minutes-old counts rank as well as fresh ones.
import { countChunks, countChunksWithTerms, readFtsAverages } from '../../db'
import { porterStem } from '../../grounding'

const TTL_MS = 5 * 60_000
const MAX_CACHED_TERMS = 20_000

interface Cached {
  value: number
  at: number
}

interface StatsCache {
  total?: Cached
  /** Mean tokens per FTS5 row (title and content), NaN when unreadable. */
  rowTokens?: Cached
  stems: Map<string, Cached>
}

const caches = new WeakMap<D1Database, StatsCache>()

export interface TermStats {
  total: number
  /** Chunks containing the stem (0 when not looked up). */
  df(stem: string): number
  /** Robertson-Sparck Jones IDF, floored at a small positive value; unknown stems count as rare. */
  idf(stem: string): number
}

function fresh(entry: Cached | undefined, now: number): entry is Cached {
  return entry !== undefined && now - entry.at < TTL_MS
}

export function idfOf(df: number, total: number): number {
  return Math.max(0.01, Math.log(1 + (total - df + 0.5) / (df + 0.5)))
}

/** Stats covering `tokens` (lower-case words); one D1 round trip for whatever is not cached. */
export async function loadTermStats(
  db: D1Database,
  tokens: string[],
  now = Date.now(),
): Promise<TermStats> {
  let cache = caches.get(db)
  if (!cache) caches.set(db, (cache = { stems: new Map() }))
  if (!fresh(cache.total, now)) cache.total = { value: await countChunks(db), at: now }
  const byStem = new Map<string, string>()
  for (const token of tokens) byStem.set(porterStem(token), token)
  const missing = [...byStem].filter(([stem]) => !fresh(cache.stems.get(stem), now))
  if (missing.length > 0) {
    const counts = await countChunksWithTerms(
      db,
      missing.map(([, token]) => token),
    )
    if (cache.stems.size > MAX_CACHED_TERMS) cache.stems.clear()
    for (const [stem, token] of missing)
      cache.stems.set(stem, { value: counts.get(token) ?? 0, at: now })
  }
  const total = cache.total.value
  const stems = cache.stems
  const df = (stem: string) => stems.get(stem)?.value ?? 0
  return { total, df, idf: (stem) => idfOf(df(stem), total) }
}

/**
 * Mean tokens per indexed row, from FTS5's own totals (cached like the counts), or null
 * when the index cannot report them.
 */
export async function loadMeanRowTokens(db: D1Database, now = Date.now()): Promise<number | null> {
  let cache = caches.get(db)
  if (!cache) caches.set(db, (cache = { stems: new Map() }))
  if (!fresh(cache.rowTokens, now)) {
    const averages = await readFtsAverages(db).catch(() => null)
    const tokens = averages?.columnTokens.reduce((sum, n) => sum + n, 0) ?? 0
    const value = averages && averages.rows > 0 ? tokens / averages.rows : Number.NaN
    cache.rowTokens = { value, at: now }
  }
  return Number.isFinite(cache.rowTokens.value) && cache.rowTokens.value > 0
    ? cache.rowTokens.value
    : null
}
