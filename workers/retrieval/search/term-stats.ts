// Document frequencies of query terms in the namespaces a read may see, summed from the
// per-namespace counts the postings builder maintains (db/namespace-terms.ts: a few rows per
// stem, so another tenant's upload changes neither these numbers nor what reading them costs),
// and cached per isolate and scope for a while: they decide which terms a BM25 pass walks
// (match-terms.ts) and the IDF of the postings ranking; minutes-old counts decide as well.
import { LRUCache } from 'lru-cache'
import { perDatabaseCache, readNamespaceStats } from '../../db'
import { porterStem } from '../../grounding'

const TTL_MS = 5 * 60_000
const MAX_CACHED_TERMS = 20_000
/** Scopes cached per database: the library, and a session's own namespaces make one each. */
const MAX_CACHED_SCOPES = 200

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
  () => new LRUCache<string, StatsCache>({ max: MAX_CACHED_SCOPES }),
)

export interface TermStats {
  /** Chunks in the read's namespaces. */
  total: number
  /** Of those, chunks containing the stem (0 when not looked up). */
  df(stem: string): number
}

function fresh(entry: Cached | undefined, now: number): entry is Cached {
  return entry !== undefined && now - entry.at < TTL_MS
}

function scopeCache(db: D1Database, namespaces: readonly string[]): StatsCache {
  const key = [...new Set(namespaces)].sort().join('\u0000')
  const byScope = cacheFor(db)
  let cache = byScope.get(key)
  if (!cache) byScope.set(key, (cache = { stems: new LRUCache({ max: MAX_CACHED_TERMS }) }))
  return cache
}

/**
 * Stats over `namespaces` covering `tokens` (lower-case words); one D1 round trip for whatever
 * is not cached.
 */
export async function loadTermStats(
  db: D1Database,
  tokens: string[],
  namespaces: readonly string[],
  now = Date.now(),
): Promise<TermStats> {
  const cache = scopeCache(db, namespaces)
  const stems = [...new Set(tokens.map(porterStem))]
  const missing = stems.filter((stem) => !fresh(cache.stems.get(stem), now))
  if (missing.length > 0 || !fresh(cache.total, now)) {
    const read = await readNamespaceStats(db, namespaces, missing)
    cache.total = { value: read.documents, at: now }
    for (const stem of missing) cache.stems.set(stem, { value: read.df.get(stem) ?? 0, at: now })
  }
  const total = cache.total?.value ?? 0
  const cached = cache.stems
  return { total, df: (stem) => cached.get(stem)?.value ?? 0 }
}
