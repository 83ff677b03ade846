// Stage 1's evidence, judged by the grounding core as /api/ask judges its own: the request's
// topic searched in the knowledge base (no model call inside retrieval), then the relevance
// judgement with the corpus's term statistics. Offline a "does not address it" is final; with
// a model it is only final when nothing matched at all, otherwise the model sees the
// candidates and may decline through the sentinel (the words never veto the model).
import type { Deps } from '../deps'
import {
  contentTerms,
  createTermStatisticsSource,
  judgeRelevance,
  MIN_DOCUMENTS_FOR_IDF,
  respellForLibrary,
  type TermStatistics,
} from '../grounding'
import type { RetrievedChunk } from '../retrieval'

export interface JudgedEvidence {
  /** What was searched and judged: the request's topic (with a revision's earlier topic). */
  query: string
  /** Passages that address the topic, best first (all candidates when only the floor held). */
  passages: RetrievedChunk[]
  /** Why the knowledge base does not support the request; absent when it does. */
  declined?: string
  /** The topic's words found nothing at all: no model is asked either. */
  nothingMatched: boolean
  /** Corpus statistics, when the corpus is large enough for IDF to weigh words. */
  stats?: TermStatistics
  fallbacks: string[]
}

async function retrieve(
  deps: Deps,
  query: string,
  signal: AbortSignal,
): Promise<{ chunks: RetrievedChunk[]; fallbacks: string[] }> {
  try {
    const result = await deps.retriever.retrieve(
      query,
      {
        namespaces: deps.config.knowledge.askNamespaces,
        topN: deps.config.writing.evidencePassages,
        tokenBudget: 4_000,
        stages: { queryVariations: false, rerank: false },
        plan: { variations: [] },
      },
      signal,
    )
    return {
      chunks: result.chunks.slice(0, deps.config.writing.evidencePassages),
      fallbacks: result.fallbacks ?? [],
    }
  } catch (error) {
    if (signal.aborted) throw error
    return { chunks: [], fallbacks: ['evidence:retrieval_failed'] }
  }
}

async function loadStats(
  deps: Deps,
  query: string,
  signal: AbortSignal,
): Promise<TermStatistics | undefined> {
  try {
    const namespaces = deps.config.knowledge.askNamespaces
    return await createTermStatisticsSource(deps.db, namespaces)(query, signal)
  } catch (error) {
    if (signal.aborted) throw error
    return undefined
  }
}

export async function judgedEvidence(
  deps: Deps,
  topic: string,
  signal: AbortSignal,
): Promise<JudgedEvidence> {
  if (contentTerms(topic).length === 0) {
    // No topic to look up ("write a conclusion"): a model may still write from the document.
    const reason = 'the request names no topic to look up'
    return { query: topic, passages: [], declined: reason, nothingMatched: false, fallbacks: [] }
  }
  // A word the library never uses is read as its nearest index term, as /api/ask reads it.
  const namespaces = deps.config.knowledge.askNamespaces
  const spelt = await respellForLibrary(topic, deps.db, namespaces, signal)
  const query = spelt.query
  const [found, stats] = await Promise.all([
    retrieve(deps, query, signal),
    loadStats(deps, query, signal),
  ])
  const fallbacks = [
    ...(spelt.fallback ? [spelt.fallback] : []),
    ...found.fallbacks,
    ...(stats ? [] : ['relevance:no_statistics']),
  ]
  const judgement = judgeRelevance(
    query,
    found.chunks.map((c) => ({ title: c.title, text: c.content })),
    stats,
  )
  // Drafting weighs words as the judgement does: by IDF only in a corpus large enough for it.
  const usable = stats && stats.documents >= MIN_DOCUMENTS_FOR_IDF ? stats : undefined
  const base = { query, fallbacks, ...(usable ? { stats: usable } : {}) }
  if (!judgement.abstain) {
    const passages = judgement.relevant.map((i) => found.chunks[i] as RetrievedChunk)
    return { ...base, passages, nothingMatched: false }
  }
  const nothingMatched = judgement.scores.every((score) => score === 0)
  return {
    ...base,
    passages: nothingMatched ? [] : found.chunks,
    declined: judgement.reason ?? 'the sources found do not address this request',
    nothingMatched,
  }
}
