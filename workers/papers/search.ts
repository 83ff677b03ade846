// Paper Brain's search: rewrite the query for arXiv (the fast model when there is one, else
// keywords; titles verbatim), fetch 15 papers (relevance order, the
// client's polite gate), rank their titles + abstracts by embedding similarity to the
// ORIGINAL query (the Embedder port) and keep the top 10.
import { modeReport } from '../grounding'
import type { ChatModel } from '../llm'
import type { Embedder } from '../retrieval'
import type { ArxivClient, ArxivPaper } from '../sources'
import type { RememberedResult } from './paper-store'
import { rewriteSearchQuery, type SearchRewrite } from './semantic-rewrite'

export const SEARCH_FETCH = 15
export const SEARCH_SHOW = 10

export interface PaperHit extends RememberedResult {
  score: number
}

export interface PaperSearchResult {
  query: string
  arxiv_query: string
  query_kind: SearchRewrite['kind']
  /** offline: no model; degraded: the model's rewrite failed and keywords were used. */
  mode: 'online' | 'offline' | 'degraded'
  fallbacks: { stage: string; reason: string }[]
  /** Set when every provider key was out of quota (the route starts the API cooldown). */
  provider_exhausted?: true
  papers: PaperHit[]
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0
  for (let i = 0; i < Math.min(a.length, b.length); i++) sum += (a[i] ?? 0) * (b[i] ?? 0)
  return sum
}

function yearOf(paper: ArxivPaper): number | null {
  const year = Number.parseInt(paper.published.slice(0, 4), 10)
  return Number.isFinite(year) ? year : null
}

export interface SearchPorts {
  arxiv: ArxivClient
  embedder: Embedder
  model?: ChatModel | null
  /** Keeps what arXiv returned in the shared scholarly cache (scholarly-cache.ts). */
  cache?: (papers: readonly ArxivPaper[]) => Promise<void>
}

export async function searchPapers(
  ports: SearchPorts,
  query: string,
  signal?: AbortSignal,
): Promise<PaperSearchResult> {
  const model = ports.model ?? null
  const rewritten = await rewriteSearchQuery(model, query, signal)
  const found = await ports.arxiv.search(
    rewritten.arxivQuery,
    { maxResults: SEARCH_FETCH, sortBy: 'relevance' },
    signal,
  )
  const papers = found.slice(0, SEARCH_FETCH)
  const cached = ports.cache?.(papers)
  let scores = papers.map(() => 0)
  if (papers.length > 0) {
    const texts = papers.map((p) => `${p.title}\n${p.abstract}`)
    const [queryVectors, vectors] = await Promise.all([
      ports.embedder.embed([query], 'query', signal),
      ports.embedder.embed(texts, 'document', signal),
    ])
    const queryVector = queryVectors[0]
    scores = vectors.map((v) => (queryVector ? dot(queryVector, v) : 0))
  }
  await cached
  // Ties keep arXiv's relevance order (a stable sort over the original positions).
  const ranked = papers
    .map((paper, position) => ({ paper, position, score: scores[position] ?? 0 }))
    .sort((a, b) => b.score - a.score || a.position - b.position)
    .slice(0, SEARCH_SHOW)
  return {
    query,
    arxiv_query: rewritten.arxivQuery,
    query_kind: rewritten.kind,
    ...modeReport(
      model !== null,
      rewritten.fallback ? [{ stage: 'query_rewrite', reason: rewritten.fallback }] : [],
    ),
    ...(rewritten.providerExhausted ? { provider_exhausted: true as const } : {}),
    papers: ranked.map(({ paper, score }, i) => ({
      index: i + 1,
      arxiv_id: paper.id,
      title: paper.title,
      authors: paper.authors,
      year: yearOf(paper),
      abstract: paper.abstract,
      pdf_url: paper.pdfUrl,
      abs_url: paper.absUrl,
      score: Math.round(score * 10_000) / 10_000,
    })),
  }
}
