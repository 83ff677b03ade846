// createRetriever: retrieval as a pipeline of stages (seed 004's retrieval layer): plan (task
// routing, query variations) -> recall (BM25, vectors) -> fuse (RRF) -> rerank (top 20) ->
// select (paper-aware MMR, token budget). Offline only BM25 and the budget run: the other
// stages need a model or a semantic embedder, or did not pay on held-out data
// (eval/README.md). Each stage can be switched off through RetrieveOptions.stages; a failing
// model stage falls back instead of failing.
import type { Config } from '../config'
import type { ChatModels } from '../llm'
import type { Embedder } from './embedder'
import { LIBRARY_NAMESPACE } from '../namespaces'
import type { RetrievalResult, RetrieveOptions, Retriever } from './retriever'
import { DEFAULT_TOKEN_BUDGET } from './search/budget'
import { planStage } from './search/plan-stage'
import { fuseStage, rerankStage } from './search/rank-stage'
import { recallStage } from './search/recall-stage'
import { selectStage } from './search/select-stage'
import type {
  RetrievalContext,
  RetrievalState,
  RetrievalTuning,
  Stage,
  StageSwitches,
} from './search/state'
import { TASK_PARAMS } from './search/task-router'
import { DEFAULT_TUNING } from './search/tuning'
import type { VectorStore } from './vector-store'

export interface RetrieverDeps {
  config: Config
  db: D1Database
  embedder: Embedder
  vectors: VectorStore
  models: ChatModels | null
  /** Overrides for evaluation and benchmarks; production uses the defaults. */
  tuning?: Partial<RetrievalTuning>
}

/** Every stage that can run does, except paper-aware MMR offline (see RetrieveOptions.stages). */
function defaultStages(models: ChatModels | null): StageSwitches {
  return {
    vector: true,
    bm25: true,
    queryVariations: true,
    rerank: true,
    mmr: models !== null,
    budget: true,
  }
}

const clampInt = (n: number | undefined, min: number, max: number) =>
  n === undefined || !Number.isFinite(n) ? undefined : Math.min(max, Math.max(min, Math.round(n)))

/** The namespaces a read names, deduplicated; none named means the public library. */
function searchedNamespaces(named: readonly string[] | undefined): string[] {
  const unique = [...new Set(named ?? [])]
  return unique.length > 0 ? unique : [LIBRARY_NAMESPACE]
}

function initialState(
  query: string,
  options: RetrieveOptions,
  defaults: StageSwitches,
): RetrievalState {
  const task = options.task ?? 'qa'
  const params = TASK_PARAMS[task]
  return {
    query,
    options: {
      namespaces: searchedNamespaces(options.namespaces),
      task,
      taskForced: options.task !== undefined,
      topK: params.topK,
      topN: params.topN,
      lambda: params.lambda,
      tokenBudget: options.tokenBudget ?? DEFAULT_TOKEN_BUDGET,
      stages: { ...defaults, ...options.stages },
      sourceIds: options.sourceIds,
      plan: options.plan,
    },
    queries: [query],
    lists: [],
    hydrated: new Map(),
    storedTokens: new Map(),
    chunks: [],
    fallbacks: [],
  }
}

export function createRetriever(deps: RetrieverDeps): Retriever {
  const ctx: RetrievalContext = {
    db: deps.db,
    embedder: deps.embedder,
    vectors: deps.vectors,
    models: deps.models,
    tuning: { ...DEFAULT_TUNING, ...deps.tuning },
  }
  const defaults = defaultStages(deps.models)
  return {
    async retrieve(
      query: string,
      options: RetrieveOptions = {},
      signal?: AbortSignal,
    ): Promise<RetrievalResult> {
      const text = query.trim()
      const explicit = {
        topK: clampInt(options.topK, 1, 200),
        topN: clampInt(options.topN, 1, 200),
        lambda: options.lambda === undefined ? undefined : Math.min(1, Math.max(0, options.lambda)),
      }
      let state = initialState(text, options, defaults)
      if (!text) return { task: state.options.task, chunks: [], queries: [] }
      const stages: Stage[] = [planStage(explicit), recallStage, fuseStage]
      if (state.options.stages.rerank) stages.push(rerankStage)
      stages.push(selectStage)
      for (const stage of stages) {
        signal?.throwIfAborted()
        state = await stage(state, ctx, signal)
      }
      const result: RetrievalResult = {
        task: state.options.task,
        chunks: state.chunks,
        queries: state.queries,
      }
      return {
        ...result,
        ...(state.fallbacks.length > 0 ? { fallbacks: state.fallbacks } : {}),
        ...(state.modelDown ? { modelDown: state.modelDown } : {}),
      }
    },
  }
}
