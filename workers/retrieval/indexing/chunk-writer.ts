// Stores the chunks of placed documents: skips hashes already stored, embeds the rest in
// batches, inserts sections and chunk rows, then upserts their vectors. If the vectors fail,
// the new chunk rows are deleted again so a retry embeds them instead of skipping them.
// A lexical embedder's vectors are neither made nor stored: retrieval never reads them (their
// list weighs 0 in fusion, and fusing them at any weight lowered nDCG@10, eval/README.md).
import {
  deleteChunkStatements,
  existingChunkKeys,
  insertChunkStatements,
  insertSectionStatements,
  type ChunkRowInput,
} from '../../db'
import { ProviderError, isAppError } from '../../errors'
import type { Embedder } from '../embedder'
import type { VectorRecord, VectorStore } from '../vector-store'
import type { PreparedChunk, PreparedDocument } from './prepare'
import { yieldToRequests } from '../../yield'

/**
 * Texts per embed() call; adapters split further to their provider's limit. The offline
 * embedder spends ~1.4 ms a text synchronously, so 32 keeps each stretch near 50 ms.
 */
const EMBED_BATCH = 32
/** Statements per db.batch: one round trip each, well inside D1's per-batch budget. */
const STATEMENTS_PER_BATCH = 50
/**
 * Vectors per upsert. One upsert is one D1 batch (or Vectorize call); 1,200 vectors in one
 * held the local isolate ~500 ms. Groups commit on their own: if one fails, only its chunk
 * rows are deleted, and a retry skips the groups already stored.
 */
const VECTORS_PER_UPSERT = 200

export interface PlacedDocument {
  id: string
  sourceId: string
  paperKey: string
  namespace: string
  kind: string
  sourceTitle: string
  doc: PreparedDocument
}

interface PendingChunk {
  placed: PlacedDocument
  chunk: PreparedChunk
}

const chunkKey = (documentId: string, hash: string) => `${documentId}\u0000${hash}`

/** What the embedder sees: the title gives every chunk of a paper its topic. */
export function embeddingText(title: string, content: string): string {
  return title ? `${title}\n\n${content}` : content
}

async function embedAll(embedder: Embedder, texts: string[], signal?: AbortSignal) {
  const vectors: Float32Array[] = []
  for (let i = 0; i < texts.length; i += EMBED_BATCH) {
    signal?.throwIfAborted()
    if (i > 0) await yieldToRequests()
    vectors.push(...(await embedder.embed(texts.slice(i, i + EMBED_BATCH), 'document', signal)))
  }
  return vectors
}

async function runBatches<T>(db: D1Database, statements: D1PreparedStatement[]) {
  const results: D1Result<T>[] = []
  // Awaiting D1 is not enough: under local D1 (wrangler dev, tests) no timer ran across 25
  // batches in a row (~400 ms, test/ingest/stretches.test.ts), so yield between them.
  for (let i = 0; i < statements.length; i += STATEMENTS_PER_BATCH) {
    if (i > 0) await yieldToRequests()
    results.push(...(await db.batch<T>(statements.slice(i, i + STATEMENTS_PER_BATCH))))
  }
  return results
}

function chunkRow(p: PendingChunk): ChunkRowInput {
  const { placed, chunk } = p
  return {
    documentId: placed.id,
    sectionId: `${placed.id}:s${chunk.sectionOrdinal}`,
    sourceId: placed.sourceId,
    namespace: placed.namespace,
    paperKey: placed.paperKey,
    ordinal: chunk.ordinal,
    title: placed.sourceTitle,
    content: chunk.text,
    tokenCount: chunk.tokens,
    page: chunk.page,
    contentHash: chunk.hash,
  }
}

/** Inserts sections and chunk rows; returns the new chunk ids by (document, hash). */
async function insertRows(db: D1Database, placed: PlacedDocument[], pending: PendingChunk[]) {
  const sections = placed.flatMap((d) =>
    d.doc.sections.map((s) => ({ id: `${d.id}:s${s.ordinal}`, documentId: d.id, ...s })),
  )
  const statements = [
    ...insertSectionStatements(db, sections),
    ...insertChunkStatements(db, pending.map(chunkRow)),
  ]
  const results = await runBatches<{ id?: number; document_id?: string; content_hash?: string }>(
    db,
    statements,
  )
  const ids = new Map<string, number>()
  for (const result of results) {
    for (const r of result.results) {
      if (r.id !== undefined && r.document_id && r.content_hash)
        ids.set(chunkKey(r.document_id, r.content_hash), r.id)
    }
  }
  return ids
}

async function upsertVectors(
  deps: { db: D1Database; vectors: VectorStore },
  records: VectorRecord[],
  signal?: AbortSignal,
): Promise<void> {
  try {
    await deps.vectors.upsert(records, signal)
  } catch (error) {
    // A partial upsert may have written some of them: those go with their chunk rows (an id
    // never written is a no-op to delete). If this delete fails too, erasure finds them later
    // through chunk_vectors or the source's chunk ids.
    await deps.vectors.deleteByIds(records.map((r) => r.id)).catch(() => undefined)
    await runBatches(
      deps.db,
      deleteChunkStatements(
        deps.db,
        records.map((r) => Number(r.id)),
      ),
    )
    if (isAppError(error) || signal?.aborted) throw error
    throw new ProviderError('vector-store', 'Storing chunk vectors failed', {
      cause: error,
      retryable: true,
    })
  }
}

export async function storeChunks(
  deps: { db: D1Database; embedder: Embedder; vectors: VectorStore },
  placed: PlacedDocument[],
  signal?: AbortSignal,
): Promise<{ chunks: number; skipped: number }> {
  const total = placed.reduce((n, d) => n + d.doc.chunks.length, 0)
  const stored = await existingChunkKeys(deps.db, [...new Set(placed.map((d) => d.id))])
  const pending: PendingChunk[] = placed.flatMap((d) =>
    d.doc.chunks
      .filter((c) => !stored.has(chunkKey(d.id, c.hash)))
      .map((chunk) => ({ placed: d, chunk })),
  )
  if (pending.length === 0) return { chunks: 0, skipped: total }
  const vectors = deps.embedder.lexical
    ? null
    : await embedAll(
        deps.embedder,
        pending.map((p) => embeddingText(p.placed.sourceTitle, p.chunk.text)),
        signal,
      )
  signal?.throwIfAborted()
  const ids = await insertRows(deps.db, placed, pending)
  const records: VectorRecord[] = []
  let added = 0
  pending.forEach((p, i) => {
    const id = ids.get(chunkKey(p.placed.id, p.chunk.hash))
    if (id === undefined) return // stored meanwhile by a concurrent ingest
    added += 1
    const values = vectors?.[i]
    if (!values) return
    const { sourceId, paperKey, kind, namespace } = p.placed
    records.push({
      id: String(id),
      namespace,
      values,
      metadata: { sourceId, documentId: p.placed.id, paperKey, kind },
    })
  })
  for (let i = 0; i < records.length; i += VECTORS_PER_UPSERT) {
    if (i > 0) await yieldToRequests()
    await upsertVectors(deps, records.slice(i, i + VECTORS_PER_UPSERT), signal)
  }
  return { chunks: added, skipped: total - added }
}
