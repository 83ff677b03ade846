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
  /** Weights of the ranked lists in fusion. */
  weights: {
    bm25: number
    /** The vector list when the embedder is lexical (offline hashing) or semantic. */
    vectorLexical: number
    vectorSemantic: number
    /** Multiplies a list's weight when it comes from a query variation. */
    variation: number
    feedback: number
  }
  bm25Columns: { title: number; content: number }
  /** Candidates the reranker re-scores (seed 004: 20). */
  rerankDepth: number
  /** Each list retrieves at least this many, so fusion sees beyond top_k. */
  minListDepth: number
  /**
   * Rows of the one FTS5 pass (union of the query's and variations' terms) over which the
   * query, variations and feedback are ranked in code; at least twice the list depth.
   */
  poolDepth: number
  /** Rank the query, variations and feedback over one shared FTS5 pool (else a pass each). */
  sharedPool: boolean
  /**
   * Which terms that FTS5 pass walks (pool-terms.ts): a term in more than `commonShare` of the
   * index is left out once the rarer terms' matches reach `reach` times the pool.
   */
  poolTerms: { commonShare: number; reach: number }
  /** Feedback chunks, terms added, and candidate terms whose IDF is looked up. */
  feedback: { docs: number; terms: number; candidates: number }
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
  namespace: string
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
}

export type Stage = (
  state: RetrievalState,
  ctx: RetrievalContext,
  signal?: AbortSignal,
) => Promise<RetrievalState>
