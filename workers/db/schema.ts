// D1 schema (drizzle). The FTS5 index over chunks is a virtual table drizzle cannot
// express: it and its triggers live in a hand-written migration (see migrations/).
import { sql } from 'drizzle-orm'
import {
  blob,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core'

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch() * 1000)`)

/**
 * A scholarly or web source: one paper, page or uploaded text, owned by one namespace
 * (workers/namespaces.ts): the same paper in the library and in a session is two rows.
 */
export const sources = sqliteTable(
  'sources',
  {
    id: text('id').primaryKey(),
    namespace: text('namespace').notNull().default('corpus'),
    kind: text('kind', { enum: ['arxiv', 'crossref', 'web', 'pdf', 'text', 'corpus'] }).notNull(),
    /** arXiv id, DOI, URL or caller-chosen id: unique per namespace and kind. */
    externalId: text('external_id').notNull(),
    title: text('title').notNull(),
    authors: text('authors', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    year: integer('year'),
    venue: text('venue'),
    doi: text('doi'),
    url: text('url'),
    pdfUrl: text('pdf_url'),
    imageUrl: text('image_url'),
    abstract: text('abstract'),
    publishedAt: text('published_at'),
    metadata: text('metadata', { mode: 'json' })
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'`),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sources_ns_kind_external_idx').on(t.namespace, t.kind, t.externalId)],
)

/** One text body of a source (an abstract, a PDF, a page), chunked into sections and chunks. */
export const documents = sqliteTable(
  'documents',
  {
    id: text('id').primaryKey(),
    sourceId: text('source_id')
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    namespace: text('namespace').notNull().default('corpus'),
    title: text('title').notNull(),
    contentHash: text('content_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('documents_source_idx').on(t.sourceId),
    uniqueIndex('documents_source_hash_idx').on(t.sourceId, t.contentHash),
  ],
)

export const sections = sqliteTable(
  'sections',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    heading: text('heading'),
    page: integer('page'),
  },
  (t) => [index('sections_document_idx').on(t.documentId)],
)

/** Retrieval unit. Integer id so FTS5 can use it as rowid; content_hash unique per document. */
export const chunks = sqliteTable(
  'chunks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    sectionId: text('section_id'),
    sourceId: text('source_id').notNull(),
    namespace: text('namespace').notNull().default('corpus'),
    /** Paper identity for paper-aware MMR. */
    paperKey: text('paper_key').notNull(),
    ordinal: integer('ordinal').notNull(),
    /** Source title, denormalised so FTS5 can rank on title + text. */
    title: text('title').notNull(),
    content: text('content').notNull(),
    tokenCount: integer('token_count').notNull(),
    page: integer('page'),
    contentHash: text('content_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chunks_document_hash_idx').on(t.documentId, t.contentHash),
    index('chunks_source_idx').on(t.sourceId),
    index('chunks_namespace_idx').on(t.namespace),
  ],
)

/** Vectors for the D1 VectorStore adapter (local runs and tests): Float32 little-endian BLOBs. */
export const chunkVectors = sqliteTable(
  'chunk_vectors',
  {
    chunkId: text('chunk_id').notNull(),
    namespace: text('namespace').notNull(),
    /** Embedder id: vectors from different embedding spaces never mix. */
    space: text('space').notNull().default(''),
    dimensions: integer('dimensions').notNull(),
    vector: blob('vector', { mode: 'buffer' }).$type<ArrayBuffer>().notNull(),
    sourceId: text('source_id').notNull(),
    documentId: text('document_id').notNull(),
    paperKey: text('paper_key').notNull(),
    kind: text('kind').notNull(),
  },
  (t) => [
    uniqueIndex('chunk_vectors_ns_chunk_idx').on(t.namespace, t.chunkId),
    index('chunk_vectors_source_idx').on(t.sourceId),
  ],
)

/**
 * Change counters for in-isolate caches (the D1 adapter's vector matrix per namespace and
 * embedding space): bumped in the same batch as the write, read before trusting a cache.
 */
export const indexVersions = sqliteTable('index_versions', {
  scope: text('scope').primaryKey(),
  version: integer('version').notNull().default(0),
})

/**
 * Term postings over the chunks, kept beside FTS5 so BM25 can be ranked in the Worker without
 * FTS5 scoring every matching row (workers/retrieval/search/postings-rank.ts). One row per
 * stem and block of POSTINGS_BLOCK chunk ids; `postings` holds 4 bytes per chunk containing
 * the stem: the id's offset in the block (uint16 LE), then its count in the title and in the
 * content (uint8 each, capped at 255). Appended as chunks are indexed.
 */
export const termPostings = sqliteTable(
  'term_postings',
  {
    stem: text('stem').notNull(),
    block: integer('block').notNull(),
    postings: blob('postings', { mode: 'buffer' }).$type<ArrayBuffer>().notNull(),
  },
  // A rowid table: rows of a few KB rewrite far faster than in a WITHOUT ROWID B-tree.
  (t) => [
    uniqueIndex('term_postings_stem_block_idx').on(t.stem, t.block),
    index('term_postings_block_idx').on(t.block),
  ],
)

/** Tokens per chunk (title and content, as FTS5 counts them): offset uint16, count uint16. */
export const chunkLengths = sqliteTable('chunk_lengths', {
  block: integer('block').primaryKey(),
  lengths: blob('lengths', { mode: 'buffer' }).$type<ArrayBuffer>().notNull(),
})

/**
 * One row: every chunk id up to `built_through` is in the postings, later ones are not yet;
 * `generation` counts the purges of deleted chunks, after which cached blocks are stale.
 */
export const termPostingsState = sqliteTable('term_postings_state', {
  id: integer('id').primaryKey(),
  builtThrough: integer('built_through').notNull(),
  generation: integer('generation').notNull().default(0),
})

/**
 * Chunks deleted after their postings were built: purged from the postings block by block.
 * The namespace says whose counts (below) the purge takes them from.
 */
export const postingsDeletions = sqliteTable('postings_deletions', {
  id: integer('id').primaryKey(),
  namespace: text('namespace').notNull().default(''),
})

/** Chunks in the postings per namespace holding each stem: a read's df sums its namespaces. */
export const namespaceTerms = sqliteTable(
  'namespace_terms',
  {
    namespace: text('namespace').notNull(),
    stem: text('stem').notNull(),
    documents: integer('documents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.namespace, t.stem] })],
)

/** Chunks in the postings per namespace and their tokens: a read's N and average length. */
export const namespaceTotals = sqliteTable('namespace_totals', {
  namespace: text('namespace').primaryKey(),
  documents: integer('documents').notNull(),
  tokens: integer('tokens').notNull(),
})

/** Which chunks of a postings block a namespace holds: offsets (uint16 LE), ascending. */
export const namespaceChunks = sqliteTable(
  'namespace_chunks',
  {
    namespace: text('namespace').notNull(),
    block: integer('block').notNull(),
    offsets: blob('offsets', { mode: 'buffer' }).$type<ArrayBuffer>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.namespace, t.block] })],
)

export const ingestJobs = sqliteTable(
  'ingest_jobs',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull(),
    input: text('input', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    counts: text('counts', { mode: 'json' })
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'`),
    errors: text('errors', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('ingest_jobs_status_idx').on(t.status)],
)

/** Standard Webhooks delivery ids already accepted: a repeat is a replay. */
export const webhookDeliveries = sqliteTable('webhook_deliveries', {
  id: text('id').primaryKey(),
  receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull(),
})

/** Answer payloads by normalised query, for the 10-minute cache of seed 001. */
export const answerCache = sqliteTable('answer_cache', {
  key: text('key').primaryKey(),
  payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  /** The knowledge-base sources the answer lists: deleting one purges the row (0008). */
  sourceIds: text('source_ids', { mode: 'json' }).$type<string[]>().notNull().default([]),
})

export type SourceRow = typeof sources.$inferSelect
export type DocumentRow = typeof documents.$inferSelect
export type ChunkRow = typeof chunks.$inferSelect
export type IngestJobRow = typeof ingestJobs.$inferSelect

/** A session's research document (seed 000): the current markdown and its version number. */
export const writingDocuments = sqliteTable('writing_documents', {
  sessionId: text('session_id').primaryKey(),
  markdown: text('markdown').notNull(),
  version: integer('version').notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
})

/** Every save of a document, numbered from 1: restoring copies one back byte for byte. */
export const writingDocumentVersions = sqliteTable(
  'writing_document_versions',
  {
    sessionId: text('session_id').notNull(),
    version: integer('version').notNull(),
    markdown: text('markdown').notNull(),
    reason: text('reason').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('writing_versions_session_idx').on(t.sessionId, t.version)],
)

/** The document's structure tree, rebuilt from mdast on every save (one row per block). */
export const writingDocumentBlocks = sqliteTable(
  'writing_document_blocks',
  {
    sessionId: text('session_id').notNull(),
    blockId: text('block_id').notNull(),
    type: text('type').notNull(),
    parentId: text('parent_id'),
    position: integer('position').notNull(),
    content: text('content').notNull(),
  },
  (t) => [uniqueIndex('writing_blocks_session_idx').on(t.sessionId, t.blockId)],
)

/**
 * Document element types: shared ones (the system's, `sessionId` ''), and those a model asked
 * for in one session (seed 000 step 12), which only that session's prompts read.
 */
export const documentTypes = sqliteTable(
  'document_types',
  {
    sessionId: text('session_id').notNull().default(''),
    typeName: text('type_name').notNull(),
    description: text('description').notNull(),
    metadataSchema: text('metadata_schema', { mode: 'json' })
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'`),
    isSystem: integer('is_system', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('document_types_owner_name_idx').on(t.sessionId, t.typeName)],
)

/** Stored /v1/responses: the response as returned, its owner and the conversation it continues. */
export const apiResponses = sqliteTable('api_responses', {
  id: text('id').primaryKey(),
  /** SHA-256 of the API key that created it ('open' when /v1 runs without keys). */
  owner: text('owner').notNull(),
  response: text('response', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  /** The turns up to and including this answer, and the sources it cited, for a follow-up. */
  conversation: text('conversation', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
})

/** Deep-research runs (issue 51): what GET /api/research/:id reads, written by each step. */
export const researchRuns = sqliteTable(
  'research_runs',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    /** planning | awaiting_review | researching | writing | done | stopped | failed */
    status: text('status').notNull(),
    /** The run's view (plan, sections, report, usage) as JSON, typed in workers/research. */
    record: text('record', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('research_runs_session_idx').on(t.sessionId)],
)

/** Uses per client, kind and fixed window (workers/http/client-quota.ts), across sessions. */
export const clientQuotas = sqliteTable(
  'client_quotas',
  {
    /** 'key:' + SHA-256 of an API key, or 'ip:' + HMAC of the caller's address. */
    clientHash: text('client_hash').notNull(),
    kind: text('kind').notNull(),
    /** Epoch ms the window began (a multiple of the window's length). */
    windowStart: integer('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientHash, t.kind, t.windowStart] }),
    index('client_quotas_window_idx').on(t.windowStart),
  ],
)
