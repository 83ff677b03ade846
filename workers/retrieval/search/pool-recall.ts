// Recall over one pool: a single FTS5 pass for the union of the query's and its variations'
// terms fetches the pool (rows and all), then the query, each variation and the feedback
// query are ranked over that pool in code with FTS5's BM25 and the index's statistics,
// instead of one FTS5 pass over the whole index each. The pool's rows fill state.hydrated.
import { searchChunkPool, type ChunkWithSource } from '../../db'
import { wordTokens } from '../../grounding'
import { expandQuery, feedbackCandidates } from './feedback'
import { queryTerms } from './fts-query'
import type { RankedList } from './fusion'
import { keep } from './hydrate'
import { poolMatchTerms } from './pool-terms'
import { poolDoc, queryPhrases, rankPool, type PoolDoc, type PoolStats } from './pool-bm25'
import type { RetrievalContext, RetrievalState } from './state'
import { loadMeanRowTokens, loadTermStats } from './term-stats'

export interface RecallPool {
  docs: PoolDoc[]
  /** Title and content of each pooled row, for feedback. */
  text: Map<number, { title: string; content: string }>
  meanLength: number
  depth: number
}

/** Whether the pool pays off: more than one BM25 ranking to make (variations or feedback). */
export function usesPool(state: RetrievalState): boolean {
  return state.options.stages.bm25 && (state.queries.length > 1 || state.options.stages.feedback)
}

function unionTerms(queries: readonly string[]): string[] {
  return [...new Set(queries.flatMap((q) => queryTerms(q)))]
}

async function statsFor(ctx: RetrievalContext, tokens: string[], meanLength: number) {
  const stats = await loadTermStats(ctx.db, tokens)
  return { total: stats.total, df: stats.df, meanLength } satisfies PoolStats
}

/** The pool and one BM25 list per query (original first). */
export async function poolLists(
  ctx: RetrievalContext,
  state: RetrievalState,
  depth: number,
): Promise<{ lists: RankedList[]; pool: RecallPool }> {
  const terms = unionTerms(state.queries)
  const empty = { docs: [], text: new Map(), meanLength: 1, depth }
  if (terms.length === 0) return { lists: [], pool: empty }
  const { options } = state
  const limit = Math.max(ctx.tuning.poolDepth, 2 * depth) // each list ranks well beyond its length
  // The counts come first: they decide which terms the pass walks, and the rankings and the
  // reranker read them afterwards.
  const [meanRow, termStats] = await Promise.all([
    loadMeanRowTokens(ctx.db),
    loadTermStats(ctx.db, [...terms, ...wordTokens(state.query)]),
  ])
  const search = (match: string[]) =>
    searchChunkPool(ctx.db, {
      match: match.map((t) => `"${t}"`).join(' OR '),
      namespaces: options.namespaces,
      limit,
      weights: ctx.tuning.bm25Columns,
      sourceIds: options.sourceIds,
    })
  const walked = poolMatchTerms(terms, termStats, limit, ctx.tuning.poolTerms)
  let rows = await search(walked)
  // A namespace or source filter can leave too few rows with the rare terms: then every term.
  if (rows.length < limit && walked.length < terms.length) rows = await search(terms)
  const docs = rows.map((row) => poolDoc(row, ctx.tuning.bm25Columns))
  // Without FTS5's totals, the pool's own mean length stands in.
  const meanLength = meanRow ?? docs.reduce((s, d) => s + d.length, 0) / Math.max(1, docs.length)
  prefill(state, rows)
  const stats = await statsFor(ctx, terms, meanLength || 1)
  const { weights } = ctx.tuning
  const lists = state.queries.map((query, i) => ({
    name: i === 0 ? 'bm25' : 'bm25:variation',
    weight: i === 0 ? weights.bm25 : weights.bm25 * weights.variation,
    ids: rankPool(docs, queryPhrases(query), stats, depth),
  }))
  const text = new Map(rows.map((r) => [r.id, { title: r.title, content: r.content }]))
  return { lists, pool: { docs, text, meanLength: meanLength || 1, depth } }
}

function prefill(state: RetrievalState, rows: readonly ChunkWithSource[]): void {
  for (const row of rows) if (!state.hydrated.has(row.id)) keep(state, row)
}

/** RM3-style feedback ranked over the pool: terms from the original's top chunks. */
export async function poolFeedbackList(
  ctx: RetrievalContext,
  state: RetrievalState,
  first: RankedList,
  pool: RecallPool,
): Promise<RankedList> {
  const { docs, terms, candidates: max } = ctx.tuning.feedback
  const top = first.ids.slice(0, docs).flatMap((id, rank) => {
    const row = pool.text.get(id)
    return row ? [{ ...row, score: 1 / (rank + 1) }] : []
  })
  const candidates = feedbackCandidates(state.query, top, max)
  const termStats = await loadTermStats(
    ctx.db,
    candidates.map((c) => c.token),
  )
  const expanded = expandQuery(state.query, candidates, termStats, terms)
  const list: RankedList = { name: 'bm25:feedback', weight: ctx.tuning.weights.feedback, ids: [] }
  if (expanded === state.query) return list
  const stats = await statsFor(ctx, queryTerms(expanded), pool.meanLength)
  return { ...list, ids: rankPool(pool.docs, queryPhrases(expanded), stats, pool.depth) }
}
