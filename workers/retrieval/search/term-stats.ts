// Document frequencies of query terms, counted through the FTS5 index (always in step with the
// corpus, nothing extra to maintain) and cached in the isolate for a while: they decide which
// terms a BM25 pass walks (match-terms.ts), and minutes-old counts decide as well as fresh ones.
import { LRUCache } from 'lru-cache'
import { countChunks, countChunksWithTerms, perDatabaseCache } from '../../db'
import { porterStem } from '../../grounding'

const TTL_MS = 5 * 60_000
const MAX_CACHED_TERMS = 20_000

interface Cached {
  value: number
  at: number
}

interface StatsCache {
  total?: Cached
  /** Least recently used stems leave first when full. */
  stems: LRUCache<string, Cached>
}

const cacheFor = perDatabaseCache(
  (): StatsCache => ({ stems: new LRUCache({ max: MAX_CACHED_TERMS }) }),
)

export interface TermStats {
  total: number
  /** Chunks containing the stem (0 when not looked up). */
  df(stem: string): number
}

function fresh(entry: Cached | undefined, now: number): entry is Cached {
  return entry !== undefined && now - entry.at < TTL_MS
}

/** Stats covering `tokens` (lower-case words); one D1 round trip for whatever is not cached. */
export async function loadTermStats(
  db: D1Database,
  tokens: string[],
  now = Date.now(),
): Promise<TermStats> {
  const cache = cacheFor(db)
  if (!fresh(cache.total, now)) cache.total = { value: await countChunks(db), at: now }
  const byStem = new Map<string, string>()
  for (const token of tokens) byStem.set(porterStem(token), token)
  const missing = [...byStem].filter(([stem]) => !fresh(cache.stems.get(stem), now))
  if (missing.length > 0) {
    const counts = await countChunksWithTerms(
      db,
      missing.map(([, token]) => token),
    )
    for (const [stem, token] of missing)
      cache.stems.set(stem, { value: counts.get(token) ?? 0, at: now })
  }
  const total = cache.total.value
  const stems = cache.stems
  return { total, df: (stem) => stems.get(stem)?.value ?? 0 }
}
