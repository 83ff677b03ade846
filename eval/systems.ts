// The retrieval systems the evaluation compares, as stage switches over Quire's retriever.
// `hybrid` is Quire's default pipeline as shipped (fusion, rerank and paper-aware MMR; minus
// the token budget, which trims text but never changes ranks); `fusion` is hybrid retrieval
// before rerank and MMR.
import type { RetrieveOptions } from '../workers/retrieval'

type Stages = NonNullable<RetrieveOptions['stages']>

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

export const SYSTEMS: Record<string, Stages> = {
  /** FTS5 BM25 over title + content, the original query only. */
  bm25: { ...NOTHING, bm25: true },
  /** The embedder's vectors alone (exact cosine, D1 adapter). */
  vector: { ...NOTHING, vector: true },
  /** Weighted RRF of BM25 and vectors over the query and its variations, plus feedback. */
  fusion: FUSION,
  'fusion+rerank': { ...FUSION, rerank: true },
  'fusion+mmr': { ...FUSION, mmr: true },
  /** Quire's default: fusion, then rerank of the top 20 and paper-aware MMR. */
  hybrid: { ...FUSION, rerank: true, mmr: true },
}

/** Printed by default; the single-stage ablations run when named with --systems. */
export const DEFAULT_SYSTEMS = ['bm25', 'vector', 'fusion', 'hybrid']
