// The retrieval systems the evaluation compares, as stage switches over Quire's retriever.
// `hybrid+rerank+mmr` is Quire's default pipeline as shipped (minus the token budget, which
// trims text but never changes ranks).
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
  hybrid: FUSION,
  'hybrid+rerank': { ...FUSION, rerank: true },
  'hybrid+mmr': { ...FUSION, mmr: true },
  'hybrid+rerank+mmr': { ...FUSION, rerank: true, mmr: true },
}

/** Printed by default; the single-stage ablations run when named with --systems. */
export const DEFAULT_SYSTEMS = ['bm25', 'vector', 'hybrid', 'hybrid+rerank+mmr']
