// Recall: one BM25 list per query (the original, then a model's variations), each one FTS5
// pass, and with a semantic embedder one vector list per query. A list that fails is dropped
// and noted; only when every list fails does retrieval fail. Offline this is one BM25 pass:
// pseudo-relevance feedback, lexicon variations and the shared pool they needed did not pay on
// held-out claims with 45,000 distractors (eval/README.md) and were removed.
import { searchChunksBm25 } from '../../db'
import type { VectorMatch, VectorQuery } from '../vector-store'
import type { RankedList } from './fusion'
import { queryTerms } from './fts-query'
import { matchTerms } from './match-terms'
import { rankByPostings } from './postings-rank'
import type { RetrievalContext, RetrievalState, Stage } from './state'
import { loadTermStats } from './term-stats'

/** Hydrating and reranking cost grows with the pool; no routed task needs more than this. */
export const MAX_POOL = 100

/**
 * Candidates kept after fusion: top_k for each query (the original and each variation retrieve
 * top_k and are then deduplicated, as in seed 004), at most MAX_POOL, never fewer than top_n.
 * So the routed top_k sets the pool: qa (10) keeps 30 with two variations, comparison (20)
 * keeps 60. The model reranker then re-scores the pool's head (tuning.rerankDepth).
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
 * One BM25 pass, ranked from the term postings (postings-rank.ts) or, when they cannot answer,
 * by FTS5. Terms found in a large share of the index are left out once the rarer terms match
 * enough rows (match-terms.ts): FTS5 scores every row matching any term, so a common term made
 * its pass scan most of the index.
 */
async function bm25Ids(
  ctx: RetrievalContext,
  state: RetrievalState,
  query: string,
): Promise<number[]> {
  const terms = queryTerms(query)
  if (terms.length === 0) return []
  const limit = listDepth(state, ctx)
  const stats = await loadTermStats(ctx.db, terms, state.options.namespaces)
  const walked = matchTerms(terms, stats, limit, ctx.tuning.commonTerms)
  const expression = (match: string[]) => match.map((t) => `"${t}"`).join(' OR ')
  const scope = { namespaces: state.options.namespaces, sourceIds: state.options.sourceIds }
  const weights = ctx.tuning.bm25Columns
  const search = async (match: string[]) =>
    (ctx.tuning.postings
      ? await rankByPostings(ctx.db, { terms: match, stats, weights, limit, ...scope })
      : null) ?? searchChunksBm25(ctx.db, { match: expression(match), limit, weights, ...scope })
  let hits = await search(walked)
  // A namespace or source filter can leave too few rows with the rare terms: then every row
  // that matches any term is scored.
  if (hits.length < limit && walked.length < terms.length) hits = await search(terms)
  return hits.map((h) => h.id)
}

async function bm25Lists(ctx: RetrievalContext, state: RetrievalState): Promise<RankedList[]> {
  return Promise.all(
    state.queries.map(async (query, i) => ({
      name: i === 0 ? 'bm25' : 'bm25:variation',
      weight: 1,
      ids: await bm25Ids(ctx, state, query),
    })),
  )
}

/** The vector store searches one namespace per query: each searched one's best, merged by score. */
async function vectorMatches(
  ctx: RetrievalContext,
  state: RetrievalState,
  query: Omit<VectorQuery, 'namespace' | 'topK'>,
  signal?: AbortSignal,
): Promise<VectorMatch[]> {
  const topK = listDepth(state, ctx)
  const lists = await Promise.all(
    state.options.namespaces.map((namespace) =>
      ctx.vectors.query({ ...query, namespace, topK }, signal),
    ),
  )
  return lists.length === 1
    ? (lists[0] ?? [])
    : lists
        .flat()
        .sort((a, b) => b.score - a.score)
        .slice(0, topK)
}

async function vectorLists(ctx: RetrievalContext, state: RetrievalState, signal?: AbortSignal) {
  const vectors = await ctx.embedder.embed(state.queries, 'query', signal)
  const filter =
    state.options.sourceIds?.length === 1 ? { sourceId: state.options.sourceIds[0] } : undefined
  const allowed = state.options.sourceIds ? new Set(state.options.sourceIds) : null
  return Promise.all(
    vectors.map(async (vector, i): Promise<RankedList> => {
      const matches = await vectorMatches(ctx, state, { vector, filter }, signal)
      const ids = matches
        .filter((m) => !allowed || allowed.has(m.metadata.sourceId))
        .map((m) => Number(m.id))
      return {
        name: i === 0 ? 'vector' : 'vector:variation',
        weight: ctx.tuning.vectorWeight,
        ids,
      }
    }),
  )
}

export const recallStage: Stage = async (state, ctx, signal) => {
  const { stages } = state.options
  const attempts: { name: string; run: () => Promise<RankedList[]> }[] = []
  if (stages.bm25) attempts.push({ name: 'bm25', run: () => bm25Lists(ctx, state) })
  // A lexical embedder's vectors are not stored (indexing/chunk-writer.ts): nothing to search.
  if (stages.vector && !ctx.embedder.lexical) {
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
  return { ...state, lists, fallbacks }
}
