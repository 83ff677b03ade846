// The retrieval systems the evaluation compares, as stage switches and tuning overrides over
// Quire's retriever. `hybrid` is Quire's default pipeline as shipped (minus the token budget,
// which trims text but never changes ranks); `hybrid-rerank` is it with the reranker taken out
// (the ablations of issue 25). Systems ending in `@routed` are asked the way the app asks (no
// topK/topN: the routed task decides how much comes back).
import type { RetrievalTask, RetrieveOptions } from '../workers/retrieval'
import type { RetrievalTuning } from '../workers/retrieval/search/state'
import { DEFAULT_TUNING } from '../workers/retrieval/search/tuning'

type Stages = NonNullable<RetrieveOptions['stages']>

export interface EvalSystem {
  stages: Stages
  tuning?: Partial<RetrievalTuning>
  /** Ask without topK/topN, as the app does (the routed task's top_n comes back). */
  routed?: boolean
  /** Force this task (no routing). */
  task?: RetrievalTask
}

const NOTHING: Stages = {
  vector: false,
  bm25: false,
  queryVariations: false,
  feedback: false,
  rerank: false,
  mmr: false,
  budget: false,
}

const FUSION: Stages = {
  ...NOTHING,
  vector: true,
  bm25: true,
  queryVariations: true,
  feedback: true,
}

const DEFAULT: Stages = { ...FUSION, rerank: true, mmr: true }

const BASE: Record<string, EvalSystem> = {
  /** FTS5 BM25 over title + content, the original query only. */
  bm25: { stages: { ...NOTHING, bm25: true } },
  /** The embedder's vectors alone (exact cosine, D1 adapter). */
  vector: { stages: { ...NOTHING, vector: true } },
  /** Weighted RRF of BM25 and vectors over the query and its variations, plus feedback. */
  fusion: { stages: FUSION },
  /** Quire's default: fusion, then rerank of the top 20 and paper-aware MMR. */
  hybrid: { stages: DEFAULT },
  'bm25+rerank': { stages: { ...NOTHING, bm25: true, rerank: true } },
  /** BM25 and the embedder's list fused by weighted RRF, nothing else. */
  'bm25+vector': { stages: { ...NOTHING, bm25: true, vector: true } },
}

/** What taking one stage out of a system means (`hybrid-rerank-feedback` takes out two). */
const REMOVALS: Record<string, (system: EvalSystem) => EvalSystem> = {
  variations: (s) => ({ ...s, stages: { ...s.stages, queryVariations: false } }),
  feedback: (s) => ({ ...s, stages: { ...s.stages, feedback: false } }),
  rerank: (s) => ({ ...s, stages: { ...s.stages, rerank: false } }),
  mmr: (s) => ({ ...s, stages: { ...s.stages, mmr: false } }),
  /** Each query its own FTS5 pass over the whole index instead of one shared pool. */
  pool: (s) => ({ ...s, tuning: { ...s.tuning, sharedPool: false } }),
  /** The pool's FTS5 pass walks every term (no common-term pruning). */
  pruning: (s) => ({
    ...s,
    tuning: { ...s.tuning, poolTerms: { ...DEFAULT_TUNING.poolTerms, commonShare: 1 } },
  }),
  /** Plain RRF: every list weighs 1. */
  weights: (s) => ({
    ...s,
    tuning: { ...s.tuning, weights: { ...DEFAULT_TUNING.weights, variation: 1, feedback: 1 } },
  }),
  /** Routing off: every query is a qa query. */
  routing: (s) => ({ ...s, task: 'qa' }),
}

/** A base system, then `-stage` removals, then `@routed` to ask as the app asks. */
export function parseSystem(name: string): EvalSystem | undefined {
  const [head = '', routed] = name.split('@')
  if (routed !== undefined && routed !== 'routed') return undefined
  const [baseName = '', ...removed] = head.split('-')
  let system = BASE[baseName]
  for (const stage of removed) {
    const remove = REMOVALS[stage]
    if (!system || !remove) return undefined
    system = remove(system)
  }
  return system && (routed ? { ...system, routed: true } : system)
}

/** Printed by default; the ablations run when named with --systems. */
export const DEFAULT_SYSTEMS = ['bm25', 'vector', 'fusion', 'hybrid']

/** The held-out part of a split (issue 25): numeric query ids divisible by 3, fixed in advance. */
export function inPart(queryId: string, part: 'all' | 'tune' | 'holdout'): boolean {
  if (part === 'all') return true
  const heldOut = Number(queryId) % 3 === 0
  return part === 'holdout' ? heldOut : !heldOut
}
