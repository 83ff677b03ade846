// The Embedder port. Adapters: offline.ts (feature hashing), openai-compatible.ts, workers-ai.ts.

export type EmbedPurpose = 'document' | 'query'

export interface Embedder {
  /** Stable name of the embedding space, e.g. 'offline-hash-v1:384'; vectors from different ids never mix. */
  readonly id: string
  readonly dimensions: number
  /**
   * True when vectors encode surface words (feature hashing) rather than meaning: BM25 already
   * ranks those words better, so the indexer stores no such vectors and retrieval searches none.
   */
  readonly lexical?: boolean
  /** Embeds texts in order; vectors are L2-normalised. */
  embed(texts: string[], purpose?: EmbedPurpose, signal?: AbortSignal): Promise<Float32Array[]>
}
