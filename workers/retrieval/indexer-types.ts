// Inputs and outputs of the write path (indexer.ts): a source and its text bodies go in,
// chunks are hashed, embedded in batches, stored in D1 + FTS5 + the VectorStore.

export type SourceKind = 'arxiv' | 'crossref' | 'web' | 'pdf' | 'text' | 'corpus'

export interface SourceInput {
  kind: SourceKind
  externalId: string
  title: string
  authors?: string[]
  year?: number | null
  venue?: string | null
  doi?: string | null
  url?: string | null
  pdfUrl?: string | null
  imageUrl?: string | null
  abstract?: string | null
  publishedAt?: string | null
  metadata?: Record<string, unknown>
}

/** One body of text; pages keep page numbers for [Title, Page X] citations. */
export interface DocumentInput {
  title?: string
  pages: { page: number | null; heading?: string | null; text: string }[]
}

export type ChunkPreset = 'writing' | 'papers' | 'debate'

export interface IndexRequest {
  source: SourceInput
  documents: DocumentInput[]
  /** Where the source and its chunks go (workers/namespaces.ts): every write names it. */
  namespace: string
  preset?: ChunkPreset
}

/** A source and its documents before a writer names where they go. */
export type SourceRecord = Omit<IndexRequest, 'namespace'>

export interface IndexCounts {
  sources: number
  documents: number
  chunks: number
  /** Chunks already present (same content hash): re-ingesting adds nothing. */
  skipped: number
}
