// Ranking: fuse the ranked lists (weighted RRF), hydrate the pool, then rerank its top
// candidates — with the fast model when configured, else (or when the model fails) lexically.
import type { ChatModel } from '../../llm'
import type { RetrievedChunk } from '../retriever'
import { wordTokens } from '../../grounding'
import { fuseRankings } from './fusion'
import { hydrate } from './hydrate'
import { lexicalRerankScores } from './lexical-rerank'
import { modelGrades } from './model-rerank'
import { poolSize } from './recall-stage'
import type { RetrievalContext, Stage } from './state'
import { loadTermStats } from './term-stats'

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

async function lexicalOrder(ctx: RetrievalContext, query: string, head: RetrievedChunk[]) {
  const stats = await loadTermStats(ctx.db, wordTokens(query))
  const scores = lexicalRerankScores(query, head, stats)
  return head.map((c, i) => ({ ...c, score: scores[i] ?? c.score }))
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

export const rerankStage: Stage = async (state, ctx, signal) => {
  const depth = Math.min(ctx.tuning.rerankDepth, state.chunks.length)
  if (depth === 0) return state
  const head = state.chunks.slice(0, depth)
  const tail = state.chunks.slice(depth)
  let reranked: RetrievedChunk[] | null = null
  const fallbacks = [...state.fallbacks]
  if (ctx.models && state.options.stages.modelRerank) {
    try {
      reranked = await modelOrder(ctx.models.fast, state.query, head, signal)
    } catch (error) {
      if (signal?.aborted) throw error
      fallbacks.push('rerank:lexical')
    }
  }
  if (!reranked) {
    try {
      reranked = await lexicalOrder(ctx, state.query, head)
    } catch (error) {
      if (signal?.aborted) throw error
      // Without term statistics the fused order stands.
      fallbacks.push('rerank:failed')
      return { ...state, fallbacks }
    }
  }
  // Stable: equal scores keep the fused order.
  const ordered = reranked
    .map((chunk, i) => ({ chunk, i }))
    .sort((a, b) => b.chunk.score - a.chunk.score || a.i - b.i)
    .map((entry) => entry.chunk)
  // Chunks beyond the rerank depth keep their order, just below every reranked one.
  const floor = Math.min(...ordered.map((c) => c.score))
  const rest = tail.map((c, i) => ({ ...c, score: floor - (i + 1) * 1e-6 }))
  return { ...state, chunks: [...ordered, ...rest], fallbacks }
}
