// BM25 ranked in the Worker from the term postings (db/term-postings.ts), with FTS5's bm25()
// formula over what the read may see: IDF from the documents of its namespaces matching each
// phrase (1e-6 where it is not positive), k1 = 1.2, b = 0.75, column weights on the counts, each
// chunk's tokens over its namespaces' average; chunks of other namespaces are never scored
// (visible-chunks.ts). So an index holding only those namespaces would rank the same, whatever
// other tenants store. FTS5 scores every row that matches any term inside one statement (most
// of a large index for common terms); here a common term costs a pass over its postings.
// Chunks stored after the last postings build are ranked by FTS5 itself (whole-index numbers:
// a short-lived gap, the builder runs after every ingest).
import { LRUCache } from 'lru-cache'
import {
  MIN_PREFETCH,
  POSTINGS_BLOCK,
  PREFETCH_FACTOR,
  hexToBytes,
  keepChunksInScope,
  perDatabaseCache,
  rankChunksAfter,
  readPostings,
  type Bm25Hit,
} from '../../db'
import { porterStem } from '../../grounding'
import type { TermStats } from './term-stats'
import { topScored } from './top-scored'
import {
  clearVisible,
  markVisible,
  membersWanted,
  storeMembers,
  visibleChunksCache,
  type VisibleChunksCache,
} from './visible-chunks'

/** FTS5's bm25() constants (fts5_aux.c). */
const K1 = 1.2
const B = 0.75
/** IDF where log((N - n + 0.5) / (n + 0.5)) is not positive, as FTS5 sets it. */
const MIN_IDF = 1e-6

/**
 * Chunks past the postings FTS5 may rank beside them. Beyond this the build is far behind (a
 * fresh migration, a failing build) and one FTS5 pass over everything is the cheaper way.
 */
export const MAX_UNBUILT_CHUNKS = 4 * POSTINGS_BLOCK

/** Posting bytes kept in the isolate: the blocks of the most recently used stems. */
const CACHE_BYTES = 32 * 1024 * 1024

interface StemBlocks {
  /** Blocks by number; blocks below `final` hold every chunk they ever will. */
  blocks: Map<number, Uint8Array>
  final: number
  bytes: number
}

interface LengthBlock {
  total: number
  chunks: number
}

interface PostingsCache {
  /** Bounded by their bytes; the least recently used stems leave first. */
  stems: LRUCache<string, StemBlocks>
  /** Tokens per chunk id, and per block their sum and count. */
  lengths: Uint16Array
  lengthBlocks: Map<number, LengthBlock>
  /** Length blocks below this hold every chunk they ever will. */
  lengthsFinal: number
  scores: Float64Array
  /** The purge generation the cached blocks were read at (db/term-postings.ts). */
  generation: number
  /** Each namespace's chunks per block, and the mask of the query being scored. */
  visible: VisibleChunksCache
  /** 1 where `scores` holds a candidate of the query being scored. */
  marked: Uint8Array
}

function stemCache(): LRUCache<string, StemBlocks> {
  // An entry's size is taken when it is set, so storePostings sets each entry again once filled.
  return new LRUCache({
    maxSize: CACHE_BYTES,
    sizeCalculation: (entry) => Math.max(1, entry.bytes),
  })
}

const cacheFor = perDatabaseCache((): PostingsCache => ({
  stems: stemCache(),
  lengths: new Uint16Array(0),
  lengthBlocks: new Map(),
  lengthsFinal: 0,
  scores: new Float64Array(0),
  visible: visibleChunksCache(),
  generation: 0,
  marked: new Uint8Array(0),
}))

function grown<T extends Uint8Array | Uint16Array | Float64Array>(
  array: T,
  size: number,
  make: (n: number) => T,
): T {
  if (array.length >= size) return array
  const next = make(Math.max(size, Math.ceil(array.length * 1.5)))
  next.set(array)
  return next
}

function storeLengths(cache: PostingsCache, rows: { block: number; hex: string }[]): void {
  for (const row of rows) {
    const bytes = hexToBytes(row.hex)
    const base = row.block * POSTINGS_BLOCK
    cache.lengths = grown(cache.lengths, base + POSTINGS_BLOCK, (n) => new Uint16Array(n))
    let total = 0
    for (let i = 0; i + 3 < bytes.length; i += 4) {
      const length = (bytes[i + 2] ?? 0) | ((bytes[i + 3] ?? 0) << 8)
      cache.lengths[base + ((bytes[i] ?? 0) | ((bytes[i + 1] ?? 0) << 8))] = length
      total += length
    }
    cache.lengthBlocks.set(row.block, { total, chunks: bytes.length >> 2 })
  }
}

/**
 * Adds the blocks read to the cache and returns this query's stems' blocks, held apart from the
 * cache: another query may evict them meanwhile, or they may outgrow the budget on their own.
 */
function storePostings(
  cache: PostingsCache,
  rows: { stem: string; block: number; hex: string }[],
  stems: readonly string[],
  final: number,
): Map<string, StemBlocks> {
  const entries = new Map<string, StemBlocks>()
  for (const stem of stems)
    entries.set(stem, cache.stems.get(stem) ?? { blocks: new Map(), final: 0, bytes: 0 })
  for (const row of rows) {
    const entry = entries.get(row.stem)
    if (!entry) continue
    const bytes = hexToBytes(row.hex)
    entry.bytes += bytes.length - (entry.blocks.get(row.block)?.length ?? 0)
    entry.blocks.set(row.block, bytes)
  }
  for (const [stem, entry] of entries) {
    entry.final = final
    cache.stems.set(stem, entry)
  }
  return entries
}

function forgetBlocks(cache: PostingsCache, generation: number): void {
  cache.stems.clear()
  cache.lengths.fill(0)
  cache.lengthBlocks.clear()
  cache.lengthsFinal = 0
  cache.visible = visibleChunksCache()
  cache.generation = generation
}

/** The blocks the cache lacks for these stems and namespaces, and the state, in one round trip. */
function readCurrent(
  db: D1Database,
  cache: PostingsCache,
  stems: readonly string[],
  namespaces: readonly string[],
) {
  const wanted = stems.map((stem) => ({ stem, from: cache.stems.get(stem)?.final ?? 0 }))
  return readPostings(db, wanted, cache.lengthsFinal, membersWanted(cache.visible, namespaces))
}

export interface PostingsQuery {
  /** The walked query terms (lower-case words); a term given twice counts twice, as in FTS5. */
  terms: readonly string[]
  stats: Pick<TermStats, 'df' | 'total'>
  weights: { title: number; content: number }
  namespaces: readonly string[]
  sourceIds?: readonly string[]
  limit: number
}

/**
 * The best `limit` chunks in scope, highest score first, as searchChunksBm25 ranks them; null
 * when the postings cannot answer (not built, or too far behind), or when the scope keeps too
 * few of the best candidates, so the caller's FTS5 pass decides.
 */
export async function rankByPostings(db: D1Database, q: PostingsQuery): Promise<Bm25Hit[] | null> {
  const cache = cacheFor(db)
  const stems = [...new Set(q.terms.map(porterStem))]
  let read = await readCurrent(db, cache, stems, q.namespaces)
  if (read.state.generation !== cache.generation) {
    // Deleted chunks were purged since these blocks were cached: read everything afresh.
    forgetBlocks(cache, read.state.generation)
    read = await readCurrent(db, cache, stems, q.namespaces)
  }
  const { builtThrough, maxChunkId } = read.state
  // Only the read's own chunks past the build count: another tenant's upload in progress
  // never sends this read to the FTS5 pass.
  if (builtThrough === 0 || read.unbuiltVisible > MAX_UNBUILT_CHUNKS) return null
  const final = Math.floor((builtThrough + 1) / POSTINGS_BLOCK)
  storeLengths(cache, read.lengths)
  cache.lengthsFinal = final
  const entries = storePostings(cache, read.postings, stems, final)
  const members = storeMembers(cache.visible, read.members, q.namespaces, final)
  const blocksOf = new Map([...entries].map(([stem, entry]) => [stem, [...entry.blocks]]))

  // Chunks after the build, ranked by FTS5. Read before scoring: the score arrays are shared by
  // the isolate's queries, so from here to their reset nothing may await.
  const unbuilt =
    maxChunkId > builtThrough
      ? await rankChunksAfter(db, {
          match: q.terms.map((t) => `"${t}"`).join(' OR '),
          after: builtThrough,
          weights: q.weights,
          namespaces: q.namespaces,
        })
      : []
  const { documents, tokens } = read.visible
  if (documents === 0) return null
  const average = tokens / documents
  const n = documents + read.unbuiltVisible
  cache.scores = grown(cache.scores, maxChunkId + 1, (size) => new Float64Array(size))
  cache.marked = grown(cache.marked, maxChunkId + 1, (size) => new Uint8Array(size))
  const visible = markVisible(cache.visible, members, maxChunkId + 1)
  const { scores, lengths, marked } = cache
  const { mask } = cache.visible
  const touched: number[] = []
  const touch = (id: number) => {
    if (marked[id]) return
    marked[id] = 1
    touched.push(id)
  }
  for (const term of q.terms) {
    const stem = porterStem(term)
    const hits = q.stats.df(stem)
    const idf = Math.max(MIN_IDF, Math.log((n - hits + 0.5) / (hits + 0.5))) || MIN_IDF
    for (const [block, bytes] of blocksOf.get(stem) ?? []) {
      const base = block * POSTINGS_BLOCK
      for (let i = 0; i + 3 < bytes.length; i += 4) {
        const id = base + ((bytes[i] ?? 0) | ((bytes[i + 1] ?? 0) << 8))
        if (!mask[id]) continue
        const f = q.weights.title * (bytes[i + 2] ?? 0) + q.weights.content * (bytes[i + 3] ?? 0)
        const norm = K1 * (1 - B + (B * (lengths[id] ?? 0)) / average)
        touch(id)
        scores[id] = (scores[id] ?? 0) + (idf * f * (K1 + 1)) / (f + norm)
      }
    }
  }
  for (const hit of unbuilt) {
    touch(hit.id)
    scores[hit.id] = hit.score
  }
  const prefetch = Math.max(MIN_PREFETCH, q.limit * PREFETCH_FACTOR)
  const best = topScored(touched, scores, prefetch)
  const ranked = best.map((id) => ({ id, score: scores[id] ?? 0 }))
  for (const id of touched) {
    scores[id] = 0
    marked[id] = 0
  }
  clearVisible(cache.visible, visible)
  const inScope = new Set(await keepChunksInScope(db, best, q))
  const hits = ranked.filter((h) => inScope.has(h.id)).slice(0, q.limit)
  return hits.length >= q.limit || touched.length <= prefetch ? hits : null
}
