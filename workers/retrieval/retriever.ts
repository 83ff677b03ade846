// The Retriever: retrieval over the knowledge base. Offline: FTS5 BM25 -> token budget. With a
// model and/or a semantic embedder, seed 004's hybrid: model query plan -> BM25 and vector lists
// per query -> RRF -> model rerank -> paper-aware MMR -> token budget. Implemented in hybrid.ts
// and search/.

export type RetrievalTask = 'qa' | 'summarization' | 'comparison' | 'explanation'

export interface RetrieveOptions {
  /**
   * The namespaces this read may see (workers/namespaces.ts): every FTS5 and vector candidate
   * and so every result comes from them (ranking statistics stay index-wide, as FTS5's bm25()
   * computes them). Default: the public library only.
   */
  namespaces?: readonly string[]
  /** Force a task; otherwise a model's plan names it, or it is 'qa'. */
  task?: RetrievalTask
  topK?: number
  topN?: number
  lambda?: number
  /** Token budget for the returned chunks' text (default 18,000). */
  tokenBudget?: number
  /**
   * Stage switches, so each stage's effect is measurable. Each defaults to on where it can run:
   * `vector` needs a semantic embedder, `queryVariations` and `rerank` a model (or a plan's
   * variations), and `mmr` is on by default only with a model (offline it changed nothing on
   * held-out data, eval/README.md); `mmr: true` asks for it offline too.
   */
  stages?: Partial<{
    vector: boolean
    bm25: boolean
    queryVariations: boolean
    /** The fast model grades the rerank head (off: the fused order stands, no model call). */
    rerank: boolean
    mmr: boolean
    budget: boolean
  }>
  /** Restrict to these source ids. */
  sourceIds?: string[]
  /**
   * A query plan the caller already made (e.g. the answer engine's one planning call): no
   * planning model call then. A missing task means 'qa'; missing variations mean the query
   * runs alone.
   */
  plan?: QueryPlan
}

export interface QueryPlan {
  task?: RetrievalTask
  variations?: string[]
}

export interface RetrievedChunk {
  chunkId: string
  sourceId: string
  documentId: string
  paperKey: string
  title: string
  content: string
  page: number | null
  score: number
  /** Source metadata for citations. */
  url: string | null
  doi: string | null
  authors: string[]
  year: number | null
  kind: string
}

export interface RetrievalResult {
  task: RetrievalTask
  chunks: RetrievedChunk[]
  /** Queries actually run (original first). */
  queries: string[]
  /** Stages that took a fallback (e.g. 'rerank:lexical' when the model failed). */
  fallbacks?: string[]
  /**
   * Why the model failed, when it failed so that the caller's next call would meet it too
   * (unreachable, out of quota, timed out): the caller can go on without it.
   */
  modelDown?: string
}

export interface Retriever {
  retrieve(query: string, options?: RetrieveOptions, signal?: AbortSignal): Promise<RetrievalResult>
}
