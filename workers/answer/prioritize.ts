// Stage 2b, prioritize_sources: a heuristic domain score for the topic orders the relevant
// results (search order breaks ties). At most 5 survive, one per domain.
import type { WebSearchResult } from '../sources'
import { classifyTopic, credibility } from './credibility'
import type { AskState, RankedSource } from './types'

export const MAX_RANKED = 5
const SCHOLARLY_HOSTS =
  /(^|\.)(arxiv\.org|doi\.org|biorxiv\.org|medrxiv\.org|pubmed\.ncbi\.nlm\.nih\.gov)$/

/**
 * The seed keeps the best result per domain. Papers are the exception: many distinct ones
 * share arxiv.org or doi.org (and every corpus document shares one origin), so they are
 * told apart by source id or URL instead.
 */
export function dedupeKey(result: WebSearchResult): string {
  if (result.sourceId) return `source:${result.sourceId}`
  if (SCHOLARLY_HOSTS.test(result.domain)) return `url:${result.url.split('#')[0]}`
  return `domain:${result.domain}`
}

type Pick = { result: WebSearchResult; reason: string }

/** Keeps the first (best-ranked) pick per key, then numbers the first MAX_RANKED. */
export function keepBestPerDomain(picks: Pick[]): RankedSource[] {
  const seen = new Set<string>()
  const kept: RankedSource[] = []
  for (const { result, reason } of picks) {
    const key = dedupeKey(result)
    if (seen.has(key)) continue
    seen.add(key)
    kept.push({ ...result, rank: kept.length + 1, reason })
    if (kept.length === MAX_RANKED) break
  }
  return kept
}

/** Heuristic order: credibility for the topic, with the search engine's order as tie-break. */
export function rankByHeuristic(query: string, results: WebSearchResult[]): Pick[] {
  const topic = classifyTopic(query)
  return results
    .map((result, position) => {
      const { score, reason } = credibility(result.domain, topic, Boolean(result.sourceId))
      // Relevance (search position) still counts: a little less than one credibility step.
      return { result, reason, value: score - position * 0.02 }
    })
    .sort((a, b) => b.value - a.value)
    .map(({ result, reason }) => ({ result, reason }))
}

/**
 * Ranks the results that address the question: the credibility heuristic with the search
 * order as tie-break (no model call: ranking must never hold up the answer).
 */
export async function prioritizeSources(state: AskState): Promise<AskState> {
  if (state.results.length === 0) return { ...state, ranked: [] }
  return { ...state, ranked: keepBestPerDomain(rankByHeuristic(state.searchQuery, state.results)) }
}
