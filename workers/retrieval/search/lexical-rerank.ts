// The offline reranker: re-scores the top candidates with evidence BM25 does not weigh —
// how much of the query's IDF mass a chunk covers, whether query phrases (adjacent stems)
// appear as phrases, and whether the title carries the query's terms.
import { contentStems } from '../../grounding'
import type { TermStats } from './term-stats'

export interface RerankCandidate {
  title: string
  content: string
}

/**
 * Feature weights, tuned on SciFact's train split only (see eval/README.md). `base` rewards
 * the incoming rank linearly (1 for the first, falling to 1/n): fused RRF scores are too flat
 * to carry the earlier stages' confidence on their own.
 */
export const LEXICAL_RERANK_WEIGHTS = { base: 1, coverage: 0.5, phrase: 0.5, title: 0.25 }

interface QueryProfile {
  stems: string[]
  unique: string[]
  idfMass: number
  pairs: { key: string; weight: number }[]
  pairMass: number
}

function profile(query: string, stats: TermStats): QueryProfile {
  const stems = contentStems(query)
  const unique = [...new Set(stems)]
  const idfMass = unique.reduce((sum, s) => sum + stats.idf(s), 0)
  const pairs = stems.slice(1).map((s, i) => {
    const previous = stems[i] ?? ''
    return { key: `${previous} ${s}`, weight: stats.idf(previous) + stats.idf(s) }
  })
  const pairMass = pairs.reduce((sum, p) => sum + p.weight, 0)
  return { stems, unique, idfMass, pairs, pairMass }
}

function coverage(q: QueryProfile, present: Set<string>, stats: TermStats): number {
  if (q.idfMass === 0) return 0
  return q.unique.reduce((sum, s) => sum + (present.has(s) ? stats.idf(s) : 0), 0) / q.idfMass
}

function phraseMatch(q: QueryProfile, stems: string[]): number {
  if (q.pairMass === 0) return 0
  const pairs = new Set(stems.slice(1).map((s, i) => `${stems[i]} ${s}`))
  return q.pairs.reduce((sum, p) => sum + (pairs.has(p.key) ? p.weight : 0), 0) / q.pairMass
}

/** New scores, aligned with `candidates` (which arrive best first). */
export function lexicalRerankScores(
  query: string,
  candidates: readonly RerankCandidate[],
  stats: TermStats,
  weights = LEXICAL_RERANK_WEIGHTS,
): number[] {
  const q = profile(query, stats)
  return candidates.map((c, rank) => {
    const bodyStems = contentStems(`${c.title} ${c.content}`)
    const base = 1 - rank / candidates.length
    return (
      weights.base * base +
      weights.coverage * coverage(q, new Set(bodyStems), stats) +
      weights.phrase * phraseMatch(q, bodyStems) +
      weights.title * coverage(q, new Set(contentStems(c.title)), stats)
    )
  })
}
