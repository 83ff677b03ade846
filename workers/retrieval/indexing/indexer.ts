// The write path: IndexRequests -> sources, documents, sections and chunks in D1 (the FTS5
// rows follow by trigger) and chunk vectors in the VectorStore. Idempotent: content already
// stored (same document hash, same chunk hash) is counted as skipped, never added twice. A
// source ingested again with other text keeps only the new text (replace-documents.ts).
import {
  documentIdsByHash,
  existingSourceIds,
  insertDocumentStatements,
  upsertSourceStatements,
} from '../../db'
import type { Embedder } from '../embedder'
import type { IndexCounts, IndexRequest } from '../indexer-types'
import type { VectorStore } from '../vector-store'
import { storeChunks, type PlacedDocument } from './chunk-writer'
import { buildTermPostings } from './postings-builder'
import { paperKeyOf, prepareRequest, type PreparedRequest } from './prepare'
import { removeReplacedDocuments } from './replace-documents'
import { yieldToRequests } from '../../yield'

export interface IndexDeps {
  db: D1Database
  embedder: Embedder
  vectors: VectorStore
}

/** Requests per round of statements: bounds each D1 batch and the queries per invocation. */
const GROUP_SIZE = 100
/** Requests chunked and hashed between yields: ~1 ms each, so a slice holds the isolate ~25 ms. */
const PREPARE_SLICE = 25

/** A source is one row per namespace: the same paper in the library and in a session is two. */
const sourceKey = (namespace: string, kind: string, externalId: string) =>
  `${namespace}\u0000${kind}\u0000${externalId}`

function emptyCounts(): IndexCounts {
  return { sources: 0, documents: 0, chunks: 0, skipped: 0 }
}

function addCounts(into: IndexCounts, more: IndexCounts): IndexCounts {
  into.sources += more.sources
  into.documents += more.documents
  into.chunks += more.chunks
  into.skipped += more.skipped
  return into
}

/** Upserts the group's sources; returns their ids and how many were new. */
async function upsertSources(db: D1Database, prepared: PreparedRequest[]) {
  const keys = prepared.map((p) => ({
    namespace: p.namespace,
    kind: p.source.kind,
    externalId: p.source.externalId,
  }))
  const existing = await existingSourceIds(db, keys)
  const rows = prepared.map((p) => ({
    id: existing.get(sourceKey(p.namespace, p.source.kind, p.source.externalId)) ?? p.sourceId,
    namespace: p.namespace,
    kind: p.source.kind,
    externalId: p.source.externalId,
    title: p.source.title,
    authors: p.source.authors ?? [],
    year: p.source.year ?? null,
    venue: p.source.venue ?? null,
    doi: p.source.doi ?? null,
    url: p.source.url ?? null,
    pdfUrl: p.source.pdfUrl ?? null,
    imageUrl: p.source.imageUrl ?? null,
    abstract: p.source.abstract ?? null,
    publishedAt: p.source.publishedAt ?? null,
    metadata: p.source.metadata ?? {},
  }))
  const ids = new Map<string, string>()
  type Upserted = { id: string; namespace: string; kind: string; external_id: string }
  for (const result of await db.batch<Upserted>(upsertSourceStatements(db, rows))) {
    for (const r of result.results) ids.set(sourceKey(r.namespace, r.kind, r.external_id), r.id)
  }
  const fresh = new Set(
    keys.map((k) => sourceKey(k.namespace, k.kind, k.externalId)).filter((k) => !existing.has(k)),
  )
  return { ids, created: fresh.size }
}

/** Inserts new documents; resolves every document's stored id. */
async function placeDocuments(
  db: D1Database,
  prepared: PreparedRequest[],
  sourceIds: Map<string, string>,
) {
  const placed: PlacedDocument[] = []
  for (const p of prepared) {
    const sourceId =
      sourceIds.get(sourceKey(p.namespace, p.source.kind, p.source.externalId)) ?? p.sourceId
    const paperKey = paperKeyOf(p.source, sourceId)
    for (const doc of p.documents) {
      placed.push({
        id: '',
        sourceId,
        paperKey,
        namespace: p.namespace,
        kind: p.source.kind,
        sourceTitle: p.source.title,
        doc,
      })
    }
  }
  if (placed.length === 0) return { placed, created: 0 }
  const rows = placed.map((d) => ({
    id: `doc_${d.doc.hash.slice(0, 24)}_${d.sourceId.slice(-8)}`,
    sourceId: d.sourceId,
    namespace: d.namespace,
    title: d.doc.title,
    contentHash: d.doc.hash,
  }))
  const results = await db.batch<{ id: string }>(insertDocumentStatements(db, rows))
  const created = results.reduce((n, r) => n + r.results.length, 0)
  const ids = await documentIdsByHash(
    db,
    rows.map((r) => ({ sourceId: r.sourceId, contentHash: r.contentHash })),
  )
  for (const d of placed) d.id = ids.get(`${d.sourceId}\u0000${d.doc.hash}`) ?? ''
  return { placed: placed.filter((d) => d.id !== ''), created }
}

async function indexGroup(deps: IndexDeps, requests: IndexRequest[], signal?: AbortSignal) {
  const prepared: PreparedRequest[] = []
  for (const [i, request] of requests.entries()) {
    if (i > 0 && i % PREPARE_SLICE === 0) await yieldToRequests()
    prepared.push(await prepareRequest(request))
  }
  signal?.throwIfAborted()
  const sources = await upsertSources(deps.db, prepared)
  const documents = await placeDocuments(deps.db, prepared, sources.ids)
  const chunks = await storeChunks(deps, documents.placed, signal)
  const replaced = await removeReplacedDocuments(
    deps,
    { prepared, placed: documents.placed },
    signal,
  )
  return { counts: { sources: sources.created, documents: documents.created, ...chunks }, replaced }
}

/**
 * Chunks one call adds to the term postings at most (~1 s of work): a long backlog (a library
 * from before the postings) is built over later calls and the queue's index merge rounds.
 */
export const POSTINGS_PER_CALL = 2048

/**
 * The postings only make ranking faster: chunks not in them yet are ranked by FTS5. So a build
 * that fails (another call building at the same moment) is logged and left to the next call;
 * the chunks are stored either way.
 */
async function buildPostingsAfter(db: D1Database, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return
  try {
    await buildTermPostings(db, POSTINGS_PER_CALL, signal)
  } catch (error) {
    if (signal?.aborted) return
    const reason = error instanceof Error ? error.message : String(error)
    console.warn(JSON.stringify({ scope: 'retrieval', event: 'postings build failed', reason }))
  }
}

export interface IndexOptions {
  /**
   * 'now' (default): the term postings take in the new chunks before the call returns. 'later':
   * the caller has them built afterwards (the ingest queue's upkeep round after a job), so bulk
   * ingest runs at the speed of storing chunks and the postings catch up in the background.
   */
  postings?: 'now' | 'later'
}

/** Indexes many requests in groups; counts add up across groups. */
export async function indexMany(
  deps: IndexDeps,
  requests: IndexRequest[],
  signal?: AbortSignal,
  options: IndexOptions = {},
): Promise<IndexCounts> {
  const total = emptyCounts()
  let replaced = 0
  for (let i = 0; i < requests.length; i += GROUP_SIZE) {
    signal?.throwIfAborted()
    const group = await indexGroup(deps, requests.slice(i, i + GROUP_SIZE), signal)
    addCounts(total, group.counts)
    replaced += group.replaced
  }
  // Replaced documents' chunks leave the postings in the same build (their purge).
  const changed = total.chunks > 0 || replaced > 0
  if (changed && options.postings !== 'later') await buildPostingsAfter(deps.db, signal)
  return total
}

export function indexDocuments(
  deps: IndexDeps,
  request: IndexRequest,
  signal?: AbortSignal,
): Promise<IndexCounts> {
  return indexMany(deps, [request], signal)
}
