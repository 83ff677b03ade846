// The retrieval pipeline's shared types: what each stage reads (context, resolved options)
// and the state it enriches and hands on (queries, ranked lists, chunks, fallbacks taken).
import type { ChatModels } from '../../llm'
import type { Embedder } from '../embedder'
import type { QueryPlan, RetrievalTask, RetrievedChunk, RetrieveOptions } from '../retriever'
import type { VectorStore } from '../vector-store'
import type { RankedList } from './fusion'

export type StageName = keyof NonNullable<RetrieveOptions['stages']>
export type StageSwitches = Record<StageName, boolean>

/** Numbers the pipeline runs on; defaults in tuning.ts, overridable for evaluation. */
export interface RetrievalTuning {
  rrfK: number
  /**
   * Weight of a semantic embedder's vector lists in fusion (BM25 lists weigh 1). Not measured
   * here: there are no model weights on this machine (eval/README.md, "Semantic embedder").
   */
  vectorWeight: number
  bm25Columns: { title: number; content: number }
  /** Candidates the model reranker re-scores (seed 004: 20). */
  rerankDepth: number
  /** Each list retrieves at least this many, so fusion sees beyond top_k. */
  minListDepth: number
  /**
   * Which terms a BM25 pass walks (match-terms.ts): a term in more than `share` of the index is
   * left out once the rarer terms' matches reach `reach` times the list depth.
   */
  commonTerms: { share: number; reach: number }
  /**
   * Rank BM25 from the term postings in the Worker (postings-rank.ts); false: FTS5 ranks every
   * pass itself. Both give the same list; the postings are faster on a large index.
   */
  postings: boolean
}

export interface RetrievalContext {
  db: D1Database
  embedder: Embedder
  vectors: VectorStore
  /** null offline: every model stage takes its deterministic fallback. */
  models: ChatModels | null
  tuning: RetrievalTuning
}

export interface ResolvedOptions {
  /** Searched namespaces, at least one, without repeats. */
  namespaces: string[]
  task: RetrievalTask
  /** True when the caller forced the task (the planner must not change it). */
  taskForced: boolean
  topK: number
  topN: number
  lambda: number
  tokenBudget: number
  stages: StageSwitches
  sourceIds?: string[]
  /** A plan made by the caller: the planner then makes no model call. */
  plan?: QueryPlan
}

export interface RetrievalState {
  query: string
  options: ResolvedOptions
  /** Original first, then variations. */
  queries: string[]
  lists: RankedList[]
  /** Hydrated chunks by id, filled as stages need text. */
  hydrated: Map<number, RetrievedChunk>
  /** Token counts stored with the hydrated rows (by chunk id), so the budget need not recount. */
  storedTokens: Map<string, number>
  /** Current candidates, best first. */
  chunks: RetrievedChunk[]
  /** Stages that fell back (model failed, list failed), for the caller to report. */
  fallbacks: string[]
  /**
   * Why the model failed earlier in this retrieval when a second call would meet it too
   * (isModelDown): later stages do not wait on it again.
   */
  modelDown?: string
}

export type Stage = (
  state: RetrievalState,
  ctx: RetrievalContext,
  signal?: AbortSignal,
) => Promise<RetrievalState>
