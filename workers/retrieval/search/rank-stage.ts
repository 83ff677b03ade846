// Ranking: fuse the ranked lists (weighted RRF), hydrate the pool, then, with a model
// configured, let the fast model rerank its top candidates (seed 004). Offline, and when the
// model fails, the fused order stands: a lexical reranker over it lowered nDCG@10 on held-out
// SciFact claims and by 1.7 points with 45,000 distractors (eval/README.md), so there is none.
import type { ChatModel } from '../../llm'
import type { RetrievedChunk } from '../retriever'
import { fuseRankings } from './fusion'
import { hydrate } from './hydrate'
import { modelGrades } from './model-rerank'
import { poolSize } from './recall-stage'
import type { Stage } from './state'

export const fuseStage: Stage = async (state, ctx) => {
  const fused = fuseRankings(state.lists, ctx.tuning.rrfK).slice(0, poolSize(state))
  const chunks = await hydrate(
    ctx.db,
    state,
    fused.map((f) => f.id),
  )
  const scores = new Map(fused.map((f) => [f.id, f.score]))
  return {
    ...state,
    chunks: chunks.map((c) => ({ ...c, score: scores.get(Number(c.chunkId)) ?? 0 })),
  }
}

/** Model grades first; a chunk the model skipped sorts after the graded ones, in its old order. */
async function modelOrder(
  model: ChatModel,
  query: string,
  head: RetrievedChunk[],
  signal?: AbortSignal,
) {
  const grades = await modelGrades(model, query, head, signal)
  return head.map((c, i) => {
    const grade = grades[i]
    return { ...c, score: grade === null || grade === undefined ? -1 + c.score / 1e6 : grade / 10 }
  })
}

/** The model reranker; offline it does nothing. A failed model leaves the fused order. */
export const rerankStage: Stage = async (state, ctx, signal) => {
  const depth = Math.min(ctx.tuning.rerankDepth, state.chunks.length)
  if (depth === 0 || !ctx.models) return state
  // The planning call just waited out a model that is not there: the fused order stands.
  if (state.modelDown) return { ...state, fallbacks: [...state.fallbacks, 'rerank:lexical'] }
  const head = state.chunks.slice(0, depth)
  const tail = state.chunks.slice(depth)
  let reranked: RetrievedChunk[]
  try {
    reranked = await modelOrder(ctx.models.fast, state.query, head, signal)
  } catch (error) {
    if (signal?.aborted) throw error
    // 'lexical': the order stays the fused one, which offline is BM25's.
    return { ...state, fallbacks: [...state.fallbacks, 'rerank:lexical'] }
  }
  // Stable: equal scores keep the fused order.
  const ordered = reranked
    .map((chunk, i) => ({ chunk, i }))
    .sort((a, b) => b.chunk.score - a.chunk.score || a.i - b.i)
    .map((entry) => entry.chunk)
  // Chunks beyond the rerank depth keep their order, just below every reranked one.
  const floor = Math.min(...ordered.map((c) => c.score))
  const rest = tail.map((c, i) => ({ ...c, score: floor - (i + 1) * 1e-6 }))
  return { ...state, chunks: [...ordered, ...rest] }
}
