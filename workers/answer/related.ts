// Up to three follow-up questions. The model suggests them with its answer; offline they
// are built from the query's own topic (see grounding/related.ts).
import {
  MAX_RELATED,
  offlineRelatedQuestions as groundedRelated,
  type TermStatistics,
} from '../grounding'
import type { RankedSource } from './types'

export { MAX_RELATED }

/** Offline: questions on the query's own topic, named by its weightiest phrases the sources say. */
export function offlineRelatedQuestions(
  query: string,
  sources: RankedSource[],
  stats?: TermStatistics,
): string[] {
  if (sources.length === 0) return []
  return groundedRelated(
    query,
    sources.map((source) => `${source.title}\n${source.snippet}`),
    stats,
  )
}

/** Model suggestions first (de-duplicated, never the question itself), topped up offline. */
export function relatedQuestions(
  query: string,
  fromModel: string[],
  sources: RankedSource[],
  /** The standalone query searched: a follow-up's topic lives there, not in its own words. */
  searched: string = query,
  /** Corpus statistics that weigh the topic's words offline (rare subjects over common words). */
  stats?: TermStatistics,
): string[] {
  const seen = new Set([query.trim().toLowerCase()])
  const out: string[] = []
  const pool = fromModel.length > 0 ? fromModel : offlineRelatedQuestions(searched, sources, stats)
  for (const question of pool) {
    const text = question.replace(/\s+/g, ' ').trim().slice(0, 300)
    const key = text.toLowerCase()
    if (!text || seen.has(key)) continue
    seen.add(key)
    out.push(text)
    if (out.length === MAX_RELATED) break
  }
  return out
}
