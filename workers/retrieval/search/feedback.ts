// Pseudo-relevance feedback in the style of RM3: the top BM25 chunks are assumed relevant;
// the words they share, weighted by how often they occur there and by IDF, are added to the
// query and BM25 runs again. Recovers documents that say the same thing in other words.
import { porterStem, contentStems, contentTokens } from '../../grounding'
import type { TermStats } from './term-stats'

/** Candidates (by in-feedback weight alone) whose document frequency gets looked up. */
export const FEEDBACK_CANDIDATES = 40

export interface FeedbackDoc {
  title: string
  content: string
  score: number
}

export interface FeedbackCandidate {
  stem: string
  /** The most frequent surface form, which is what goes into the FTS5 query. */
  token: string
  weight: number
}

/** Terms of the feedback chunks by sum over chunks of P(term | chunk) * P(chunk | query). */
export function feedbackCandidates(
  query: string,
  docs: readonly FeedbackDoc[],
  max = FEEDBACK_CANDIDATES,
): FeedbackCandidate[] {
  const inQuery = new Set(contentStems(query))
  const total = docs.reduce((sum, d) => sum + Math.max(0, d.score), 0)
  const weights = new Map<string, { weight: number; forms: Map<string, number> }>()
  for (const doc of docs) {
    const docWeight = total > 0 ? Math.max(0, doc.score) / total : 1 / docs.length
    const tokens = contentTokens(`${doc.title} ${doc.content}`).filter(
      (t) => t.length > 2 && !/^\d+$/.test(t),
    )
    for (const token of tokens) {
      const stem = porterStem(token)
      if (inQuery.has(stem)) continue
      const entry = weights.get(stem) ?? { weight: 0, forms: new Map<string, number>() }
      entry.weight += docWeight / tokens.length
      entry.forms.set(token, (entry.forms.get(token) ?? 0) + 1)
      weights.set(stem, entry)
    }
  }
  return [...weights]
    .map(([stem, e]) => {
      const token = [...e.forms].sort((a, b) => b[1] - a[1])[0]?.[0] ?? stem
      return { stem, token, weight: e.weight }
    })
    .sort((a, b) => b.weight - a.weight)
    .slice(0, max)
}

/** The query followed by the best expansion terms (weight times IDF). */
export function expandQuery(
  query: string,
  candidates: readonly FeedbackCandidate[],
  stats: TermStats,
  terms: number,
): string {
  const chosen = candidates
    .map((c) => ({ token: c.token, value: c.weight * stats.idf(c.stem) }))
    .sort((a, b) => b.value - a.value)
    .slice(0, terms)
    .map((c) => c.token)
  return chosen.length > 0 ? `${query} ${chosen.join(' ')}` : query
}
