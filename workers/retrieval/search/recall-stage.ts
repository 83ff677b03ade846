// Recall: one BM25 list and one vector list per query (original and variations), plus a
// feedback list (BM25 again, with terms from the original's top chunks). With more than one
// BM25 ranking to make, they are ranked over one FTS5 pool (pool-recall.ts). A list that
// fails is dropped and noted; only when every list fails does retrieval fail.
import { searchChunksBm25 } from '../../db'
import type { RankedList } from './fusion'
import { expandQuery, feedbackCandidates } from './feedback'
import { queryTerms, toFtsQuery } from './fts-query'
import { hydrate } from './hydrate'
import { poolFeedbackList, poolLists, usesPool, type RecallPool } from './pool-recall'
import type { RetrievalContext, RetrievalState, Stage } from './state'
import { poolMatchTerms } from './pool-terms'
import { loadTermStats } from './term-stats'

/** Hydrating and reranking cost grows with the pool; no routed task needs more than this. */
export const MAX_POOL = 100

/**
 * Candidates kept after fusion: top_k for each query (the original and each variation retrieve
 * top_k and are then deduplicated, as in seed 004), at most MAX_POOL, never fewer than top_n.
 * So the routed top_k sets the pool: qa (10) keeps 30 with two variations, comparison (20)
 * keeps 60. The reranker then re-scores the pool's head (tuning.rerankDepth).
 */
export function poolSize(state: RetrievalState): number {
  const { topK, topN } = state.options
  return Math.max(topN, Math.min(MAX_POOL, topK * Math.max(1, state.queries.length)))
}

/** How deep each ranked list goes: top_k, or deeper so fusion sees beyond it. */
export function listDepth(state: RetrievalState, ctx: RetrievalContext): number {
  return Math.max(state.options.topK, ctx.tuning.minListDepth)
}

/**
 * One FTS5 BM25 pass. Terms found in a large share of the index are left out of the MATCH
 * once the rarer terms match enough rows (pool-terms.ts): FTS5 scores every row matching any
 * term, so a common term made the pass scan most of the index.
 */
async function bm25Ids(
  ctx: RetrievalContext,
  state: RetrievalState,
  query: string,
): Promise<number[]> {
  const terms = queryTerms(query)
  if (terms.length === 0) return []
  const limit = listDepth(state, ctx)
  const stats = await loadTermStats(ctx.db, terms)
  const walked = poolMatchTerms(terms, stats, limit, ctx.tuning.poolTerms)
  const search = (match: string[]) =>
    searchChunksBm25(ctx.db, {
      match: match.map((t) => `"${t}"`).join(' OR '),
      namespace: state.options.namespace,
      limit,
      weights: ctx.tuning.bm25Columns,
      sourceIds: state.options.sourceIds,
    })
  let hits = await search(walked)
  // A namespace or source filter can leave too few rows with the rare terms: then every term.
  if (hits.length < limit && walked.length < terms.length) hits = await search(terms)
  return hits.map((h) => h.id)
}

/** The vector list's fusion weight; alone (BM25 off) it is the only ranking, so it counts fully. */
function vectorWeight(ctx: RetrievalContext, state: RetrievalState): number {
  if (!state.options.stages.bm25) return 1
  const { weights } = ctx.tuning
  return ctx.embedder.lexical ? weights.vectorLexical : weights.vectorSemantic
}

async function vectorLists(ctx: RetrievalContext, state: RetrievalState, signal?: AbortSignal) {
  const vectors = await ctx.embedder.embed(state.queries, 'query', signal)
  const { weights } = ctx.tuning
  const base = vectorWeight(ctx, state)
  const filter =
    state.options.sourceIds?.length === 1 ? { sourceId: state.options.sourceIds[0] } : undefined
  return Promise.all(
    vectors.map(async (vector, i): Promise<RankedList> => {
      const matches = await ctx.vectors.query(
        { namespace: state.options.namespace, vector, topK: listDepth(state, ctx), filter },
        signal,
      )
      const allowed = state.options.sourceIds ? new Set(state.options.sourceIds) : null
      const ids = matches
        .filter((m) => !allowed || allowed.has(m.metadata.sourceId))
        .map((m) => Number(m.id))
      return {
        name: i === 0 ? 'vector' : 'vector:variation',
        weight: i === 0 ? base : base * weights.variation,
        ids,
      }
    }),
  )
}

async function bm25Lists(ctx: RetrievalContext, state: RetrievalState): Promise<RankedList[]> {
  const { weights } = ctx.tuning
  return Promise.all(
    state.queries.map(async (query, i) => ({
      name: i === 0 ? 'bm25' : 'bm25:variation',
      weight: i === 0 ? weights.bm25 : weights.bm25 * weights.variation,
      ids: await bm25Ids(ctx, state, query),
    })),
  )
}

/** RM3-style second pass over the original query's top BM25 chunks. */
async function feedbackList(
  ctx: RetrievalContext,
  state: RetrievalState,
  first: RankedList,
): Promise<RankedList> {
  const { docs, terms, candidates: max } = ctx.tuning.feedback
  const top = await hydrate(ctx.db, state, first.ids.slice(0, docs))
  const scored = top.map((c, rank) => ({
    title: c.title,
    content: c.content,
    score: 1 / (rank + 1),
  }))
  const candidates = feedbackCandidates(state.query, scored, max)
  const stats = await loadTermStats(
    ctx.db,
    candidates.map((c) => c.token),
  )
  const expanded = expandQuery(state.query, candidates, stats, terms)
  const ids = expanded === state.query ? [] : await bm25Ids(ctx, state, expanded)
  return { name: 'bm25:feedback', weight: ctx.tuning.weights.feedback, ids }
}

export const recallStage: Stage = async (state, ctx, signal) => {
  const { stages } = state.options
  const attempts: { name: string; run: () => Promise<RankedList[]> }[] = []
  const shared: { pool?: RecallPool } = {}
  const pooled = async () => {
    const result = await poolLists(ctx, state, listDepth(state, ctx))
    shared.pool = result.pool
    return result.lists
  }
  if (stages.bm25) {
    attempts.push({
      name: 'bm25',
      run: ctx.tuning.sharedPool && usesPool(state) ? pooled : () => bm25Lists(ctx, state),
    })
  }
  // A list that would weigh nothing in fusion is not worth a query.
  if (stages.vector && vectorWeight(ctx, state) > 0) {
    attempts.push({ name: 'vector', run: () => vectorLists(ctx, state, signal) })
  }
  const settled = await Promise.allSettled(attempts.map((a) => a.run()))
  const lists: RankedList[] = []
  const fallbacks = [...state.fallbacks]
  settled.forEach((result, i) => {
    if (result.status === 'fulfilled') lists.push(...result.value)
    else fallbacks.push(`${attempts[i]?.name}:failed`)
  })
  signal?.throwIfAborted()
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (lists.length === 0 && failed) throw failed.reason
  const first = lists.find((l) => l.name === 'bm25')
  if (stages.feedback && first && first.ids.length > 0) {
    try {
      lists.push(
        await (shared.pool
          ? poolFeedbackList(ctx, state, first, shared.pool)
          : feedbackList(ctx, state, first)),
      )
    } catch (error) {
      if (signal?.aborted) throw error
      fallbacks.push('feedback:failed')
    }
  }
  return { ...state, lists, fallbacks }
}
