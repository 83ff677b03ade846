// The retrieval systems the evaluation compares, as stage switches and tuning overrides over
// Quire's retriever. `hybrid` is Quire's default pipeline as shipped (minus the token budget,
// which trims text but never changes ranks); `hybrid-pruning` is it with a stage taken out.
// Systems ending in `@routed` are asked the way the app asks (no topK/topN: the routed task
// decides how much comes back). The stages issue 25 removed were ablated at the commits
// eval/README.md names.
import type { RetrieveOptions } from '../workers/retrieval'
import type { RetrievalTuning } from '../workers/retrieval/search/state'
import { DEFAULT_TUNING } from '../workers/retrieval/search/tuning'

type Stages = NonNullable<RetrieveOptions['stages']>

export interface EvalSystem {
  stages: Stages
  tuning?: Partial<RetrievalTuning>
  /** Ask without topK/topN, as the app does (the routed task's top_n comes back). */
  routed?: boolean
}

const NOTHING: Stages = {
  vector: false,
  bm25: false,
  queryVariations: false,
  rerank: false,
  mmr: false,
  budget: false,
}

const BASE: Record<string, EvalSystem> = {
  /** FTS5 BM25 over title + content, the original query only. */
  bm25: { stages: { ...NOTHING, bm25: true } },
  /** The embedder's vectors alone (exact cosine, D1 adapter; nothing for a lexical embedder). */
  vector: { stages: { ...NOTHING, vector: true } },
  /** Quire's default as shipped: every stage at its default (budget off: it never reorders). */
  hybrid: { stages: { budget: false } },
  /** BM25 and the embedder's list fused by weighted RRF, nothing else. */
  'bm25+vector': { stages: { ...NOTHING, bm25: true, vector: true } },
}

/** What taking one stage out of a system means (`hybrid-pruning` takes out one). */
const REMOVALS: Record<string, (system: EvalSystem) => EvalSystem> = {
  /** The FTS5 pass walks every term (no common-term pruning). */
  pruning: (s) => ({
    ...s,
    tuning: { ...s.tuning, commonTerms: { ...DEFAULT_TUNING.commonTerms, share: 1 } },
  }),
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
export const DEFAULT_SYSTEMS = ['bm25', 'hybrid']

/** The held-out part of a split (issue 25): numeric query ids divisible by 3, fixed in advance. */
export function inPart(queryId: string, part: 'all' | 'tune' | 'holdout'): boolean {
  if (part === 'all') return true
  const heldOut = Number(queryId) % 3 === 0
  return part === 'holdout' ? heldOut : !heldOut
}
