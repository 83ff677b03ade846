// The VectorStore port. Adapters: vectorize.ts (deployed) and d1-vectors.ts (local, exact cosine).

/** Metadata kept beside each vector and usable as an equality filter. */
export interface VectorMetadata {
  sourceId: string
  documentId: string
  /** Paper identity for paper-aware MMR (arXiv id, DOI, or source id). */
  paperKey: string
  kind: string
}

export interface VectorRecord {
  /** Chunk id (string form of the chunks row id). */
  id: string
  namespace: string
  values: Float32Array
  metadata: VectorMetadata
}

export interface VectorQuery {
  namespace: string
  vector: Float32Array
  topK: number
  /** Equality filters on metadata fields. */
  filter?: Partial<VectorMetadata>
}

export interface VectorMatch {
  id: string
  score: number
  metadata: VectorMetadata
}

export interface VectorStore {
  upsert(records: VectorRecord[], signal?: AbortSignal): Promise<void>
  /** Highest cosine similarity first. */
  query(query: VectorQuery, signal?: AbortSignal): Promise<VectorMatch[]>
  deleteByIds(ids: string[], signal?: AbortSignal): Promise<void>
}
