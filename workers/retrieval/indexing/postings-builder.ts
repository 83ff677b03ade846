// Builds the term postings (db/term-postings.ts) for chunks stored since the last build, a batch
// at a time: read up to 512 chunks, count each stem per column as FTS5's tokenizer does (128
// chunks between yields), append them in one D1 batch. Each batch commits on its own with the
// state it reached, so an interrupted build keeps what it did, and chunks not built yet are
// still ranked by FTS5 (search/postings-rank.ts).
// Chunks deleted once built are purged first, a block at a time: no word of a deleted text
// stays behind in the postings.
import {
  POSTINGS_BLOCK,
  appendPostingsStatements,
  readChunkTextsAfter,
  readPostingsBlock,
  readPostingsDeletions,
  readPostingsState,
  replaceBlockStatements,
  type BlockBytes,
  type ChunkText,
  type PostingsDeletion,
  type StoredBlock,
} from '../../db'
import { porterStem, wordTokens } from '../../grounding'
import { yieldToRequests } from '../../yield'
import { membersWithout, namespaceCountsOf } from './namespace-counts'

/**
 * Chunks per appended batch: each batch rewrites the blobs of the stems it holds, so larger
 * batches write less per chunk (512 took half the write time of 128 in a node:sqlite check).
 */
const CHUNKS_PER_BATCH = 512
/** Chunks tokenised between yields: ~128 × 0.4 ms, about 50 ms of the isolate at a time. */
const CHUNKS_PER_SLICE = 128

const MAX_COUNT = 255
const MAX_LENGTH = 0xffff

/** A title occurrence in a packed count: titles count in the high 16 bits, content in the low. */
const IN_TITLE = 0x10000

/**
 * The postings and lengths entries of chunks in ascending id order, grouped per block: per
 * stem, 4 bytes per chunk holding it (offset in the block as uint16 LE, count in the title,
 * count in the content); per block, offset and token count (uint16 LE each). Stems are what
 * FTS5's `porter unicode61` tokenizer stores, stop words included.
 */
export function postingsOf(chunks: readonly ChunkText[]): {
  postings: (BlockBytes & { stem: string })[]
  lengths: BlockBytes[]
} {
  const postings: (BlockBytes & { stem: string })[] = []
  const lengths: BlockBytes[] = []
  let block = -1
  let byStem = new Map<string, number[]>()
  let blockLengths: number[] = []
  const flush = () => {
    if (block < 0) return
    for (const [stem, entries] of byStem)
      postings.push({ stem, block, bytes: new Uint8Array(entries) })
    lengths.push({ block, bytes: new Uint8Array(blockLengths) })
    byStem = new Map()
    blockLengths = []
  }
  const counts = new Map<string, number>()
  for (const chunk of chunks) {
    const chunkBlock = Math.floor(chunk.id / POSTINGS_BLOCK)
    if (chunkBlock !== block) {
      flush()
      block = chunkBlock
    }
    const offset = chunk.id % POSTINGS_BLOCK
    const low = offset & 0xff
    const high = offset >> 8
    counts.clear()
    let tokens = 0
    for (const token of wordTokens(chunk.title)) {
      const stem = porterStem(token)
      counts.set(stem, (counts.get(stem) ?? 0) + IN_TITLE)
      tokens += 1
    }
    for (const token of wordTokens(chunk.content)) {
      const stem = porterStem(token)
      counts.set(stem, (counts.get(stem) ?? 0) + 1)
      tokens += 1
    }
    for (const [stem, packed] of counts) {
      let entries = byStem.get(stem)
      if (!entries) byStem.set(stem, (entries = []))
      const inTitle = Math.min(Math.floor(packed / IN_TITLE), MAX_COUNT)
      entries.push(low, high, inTitle, Math.min(packed % IN_TITLE, MAX_COUNT))
    }
    const length = Math.min(tokens, MAX_LENGTH)
    blockLengths.push(low, high, length & 0xff, length >> 8)
  }
  flush()
  return { postings, lengths }
}

/** Blocks purged of deleted chunks per build call at most (each a read and a rewrite). */
const PURGED_BLOCKS_PER_CALL = 8
/** Deletions looked at per build call. */
const DELETIONS_PER_CALL = 4096

/** The 4-byte entries of `bytes` whose chunk offset is not in `offsets` (`kept`), and those that are. */
function split(
  bytes: Uint8Array,
  offsets: ReadonlySet<number>,
): { kept: Uint8Array; removed: Uint8Array } {
  const kept: number[] = []
  const removed: number[] = []
  for (let i = 0; i + 3 < bytes.length; i += 4) {
    const into = offsets.has((bytes[i] ?? 0) | ((bytes[i + 1] ?? 0) << 8)) ? removed : kept
    into.push(bytes[i] ?? 0, bytes[i + 1] ?? 0, bytes[i + 2] ?? 0, bytes[i + 3] ?? 0)
  }
  return {
    kept: removed.length === 0 ? bytes : Uint8Array.from(kept),
    removed: Uint8Array.from(removed),
  }
}

/**
 * Block `block` without the chunks `ids`: the changed stems and lengths, and what the purged
 * entries take from their namespaces' counts (each deletion names its namespace).
 */
function purgedBlock(stored: StoredBlock, block: number, deletions: PostingsDeletion[]) {
  const offsets = new Set(deletions.map((d) => d.id % POSTINGS_BLOCK))
  const namespaceOf = new Map(deletions.map((d) => [d.id, d.namespace]))
  const parts = stored.postings.map((p) => ({ stem: p.stem, block, ...split(p.bytes, offsets) }))
  const lengths = split(stored.lengths, offsets)
  const removed = namespaceCountsOf(
    parts.map((p) => ({ stem: p.stem, block, bytes: p.removed })),
    [{ block, bytes: lengths.removed }],
    (id) => namespaceOf.get(id) ?? '',
  )
  const touched = new Set(removed.members.map((m) => m.namespace))
  return {
    postings: parts
      .filter((p, i) => p.kept !== stored.postings[i]?.bytes)
      .map((p) => ({ stem: p.stem, bytes: p.kept })),
    lengths: lengths.kept,
    counts: removed,
    members: stored.members
      .filter((m) => touched.has(m.namespace))
      .map((m) => membersWithout(m, offsets)),
  }
}

/**
 * Rewrites the blocks holding deleted chunks, up to PURGED_BLOCKS_PER_CALL of them. Each rewrite
 * fails (and is left for a later call) if a build appended since the block was read: the
 * append would be lost. Returns whether deletions are left.
 */
async function purgeDeleted(db: D1Database, builtThrough: number): Promise<boolean> {
  const byBlock = new Map<number, PostingsDeletion[]>()
  const deletions = await readPostingsDeletions(db, DELETIONS_PER_CALL)
  for (const deletion of deletions) {
    const block = Math.floor(deletion.id / POSTINGS_BLOCK)
    let inBlock = byBlock.get(block)
    if (!inBlock) byBlock.set(block, (inBlock = []))
    inBlock.push(deletion)
  }
  let purged = 0
  for (const [block, inBlock] of byBlock) {
    if (purged++ >= PURGED_BLOCKS_PER_CALL) return true
    const change = purgedBlock(await readPostingsBlock(db, block), block, inBlock)
    await yieldToRequests()
    await db.batch(
      replaceBlockStatements(db, block, {
        ...change,
        builtThrough,
        purged: inBlock.map((d) => d.id),
      }),
    )
  }
  return deletions.length === DELETIONS_PER_CALL
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length)
  out.set(a)
  out.set(b, a.length)
  return out
}

/** postingsOf over many chunks, a slice at a time with a yield between slices. */
async function postingsInSlices(
  chunks: readonly ChunkText[],
): Promise<ReturnType<typeof postingsOf>> {
  const postings = new Map<string, BlockBytes & { stem: string }>()
  const lengths = new Map<number, BlockBytes>()
  for (let i = 0; i < chunks.length; i += CHUNKS_PER_SLICE) {
    if (i > 0) await yieldToRequests()
    const part = postingsOf(chunks.slice(i, i + CHUNKS_PER_SLICE))
    // Slices are in id order, so appending keeps every blob in id order.
    for (const p of part.postings) {
      const key = `${p.stem}\u0000${p.block}`
      const before = postings.get(key)
      postings.set(key, before ? { ...p, bytes: concat(before.bytes, p.bytes) } : p)
    }
    for (const l of part.lengths) {
      const before = lengths.get(l.block)
      lengths.set(l.block, before ? { ...l, bytes: concat(before.bytes, l.bytes) } : l)
    }
  }
  return { postings: [...postings.values()], lengths: [...lengths.values()] }
}

export interface PostingsBuild {
  chunks: number
  builtThrough: number
  /** Every stored chunk is in the postings, and no deleted one is. */
  caughtUp: boolean
}

/**
 * Adds up to `maxChunks` chunks stored after the last build. Throws when a batch cannot be
 * stored, including when another build moved the state first (its batches stand).
 */
export async function buildTermPostings(
  db: D1Database,
  maxChunks: number,
  signal?: AbortSignal,
): Promise<PostingsBuild> {
  let { builtThrough } = await readPostingsState(db)
  const purgesLeft = await purgeDeleted(db, builtThrough)
  let built = 0
  while (built < maxChunks) {
    signal?.throwIfAborted()
    const chunks = await readChunkTextsAfter(
      db,
      builtThrough,
      Math.min(CHUNKS_PER_BATCH, maxChunks - built),
    )
    const last = chunks.at(-1)
    if (!last) return { chunks: built, builtThrough, caughtUp: !purgesLeft }
    const made = await postingsInSlices(chunks)
    const namespaceOf = new Map(chunks.map((c) => [c.id, c.namespace]))
    const { members, ...counts } = namespaceCountsOf(
      made.postings,
      made.lengths,
      (id) => namespaceOf.get(id) ?? '',
    )
    const batch = {
      from: builtThrough,
      to: last.id,
      read: chunks.map((c) => ({ id: c.id, namespace: c.namespace })),
      ...made,
      counts,
      members,
    }
    await yieldToRequests()
    await db.batch(appendPostingsStatements(db, batch))
    builtThrough = last.id
    built += chunks.length
  }
  const { maxChunkId } = await readPostingsState(db)
  return { chunks: built, builtThrough, caughtUp: maxChunkId <= builtThrough && !purgesLeft }
}

/**
 * Purges every deleted chunk from the postings, a few blocks a round, until none is left (an
 * erasure: no stem of a deleted text stays in a block). Returns the rounds it took.
 */
export async function purgeDeletedPostings(db: D1Database, signal?: AbortSignal): Promise<number> {
  let rounds = 0
  let left = true
  while (left) {
    signal?.throwIfAborted()
    const { builtThrough } = await readPostingsState(db)
    left = await purgeDeleted(db, builtThrough)
    rounds += 1
  }
  return rounds
}
