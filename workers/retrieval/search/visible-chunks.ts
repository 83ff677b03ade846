// Which chunks of the postings a read may see: each namespace's member offsets per block
// (db/namespace-terms.ts), cached in the isolate like the postings blocks, and marked in a
// shared mask for the one query being scored, so a chunk outside the read's namespaces never
// takes a place among the best candidates (nor moves the choice of the FTS5 pass).
import { LRUCache } from 'lru-cache'
import { POSTINGS_BLOCK, hexToBytes } from '../../db'

/** Namespaces whose member blocks are kept: the library and the sessions asking lately. */
const MAX_NAMESPACES = 256

interface NamespaceBlocks {
  blocks: Map<number, Uint8Array>
  /** Blocks below this hold every chunk they ever will. */
  final: number
}

export interface VisibleChunksCache {
  byNamespace: LRUCache<string, NamespaceBlocks>
  /** 1 where a chunk is visible to the query being scored; all 0 between queries. */
  mask: Uint8Array
}

export function visibleChunksCache(): VisibleChunksCache {
  return { byNamespace: new LRUCache({ max: MAX_NAMESPACES }), mask: new Uint8Array(0) }
}

/** The member blocks to read for `namespaces`: each from its first block not yet final. */
export function membersWanted(cache: VisibleChunksCache, namespaces: readonly string[]) {
  return [...new Set(namespaces)].map((namespace) => ({
    namespace,
    from: cache.byNamespace.get(namespace)?.final ?? 0,
  }))
}

/** Adds the blocks read and returns the namespaces' blocks, held apart from the cache. */
export function storeMembers(
  cache: VisibleChunksCache,
  rows: readonly { namespace: string; block: number; hex: string }[],
  namespaces: readonly string[],
  final: number,
): NamespaceBlocks[] {
  const entries = new Map<string, NamespaceBlocks>()
  for (const namespace of namespaces)
    entries.set(namespace, cache.byNamespace.get(namespace) ?? { blocks: new Map(), final: 0 })
  for (const row of rows) entries.get(row.namespace)?.blocks.set(row.block, hexToBytes(row.hex))
  for (const [namespace, entry] of entries) {
    entry.final = final
    cache.byNamespace.set(namespace, entry)
  }
  return [...entries.values()]
}

/**
 * Marks the chunks of `entries` in the mask (grown to `size`) and returns their ids: the caller
 * clears them (clearVisible) before anything awaits, as the mask is shared by the isolate.
 */
export function markVisible(
  cache: VisibleChunksCache,
  entries: readonly NamespaceBlocks[],
  size: number,
): number[] {
  if (cache.mask.length < size)
    cache.mask = new Uint8Array(Math.max(size, Math.ceil(cache.mask.length * 1.5)))
  const marked: number[] = []
  for (const entry of entries)
    for (const [block, bytes] of entry.blocks) {
      const base = block * POSTINGS_BLOCK
      for (let i = 0; i + 1 < bytes.length; i += 2) {
        const id = base + ((bytes[i] ?? 0) | ((bytes[i + 1] ?? 0) << 8))
        cache.mask[id] = 1
        marked.push(id)
      }
    }
  return marked
}

export function clearVisible(cache: VisibleChunksCache, marked: readonly number[]): void {
  for (const id of marked) cache.mask[id] = 0
}
