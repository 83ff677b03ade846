// Stage 2, prioritize_sources: the fast model ranks results by credibility for the topic;
// offline or on failure a heuristic domain score does. At most 5 survive, one per domain.
import { completeJson } from '../llm'
import type { WebSearchResult } from '../sources'
import { classifyTopic, credibility } from './credibility'
import { rankingMessages } from './prompts'
import { rankingSchema } from './schemas'
import type { AnswerDeps, AskState, RankedSource } from './types'

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

async function rankByModel(
  state: AskState,
  deps: AnswerDeps,
  signal: AbortSignal,
): Promise<Pick[] | null> {
  if (!deps.models) return null
  const request = { messages: rankingMessages(state.query, state.results), temperature: 0 }
  const reply = await completeJson(deps.models.fast, request, rankingSchema, signal, {
    name: 'source_ranking',
  })
  if (!reply.value) return null
  const picks = reply.value.ranked
    .filter((entry) => entry.id >= 1 && entry.id <= state.results.length)
    .map((entry) => ({
      result: state.results[entry.id - 1] as WebSearchResult,
      reason: entry.reason,
    }))
  return picks.length > 0 ? picks : null
}

export async function prioritizeSources(
  state: AskState,
  deps: AnswerDeps,
  signal: AbortSignal,
): Promise<AskState> {
  if (state.results.length === 0) return { ...state, ranked: [] }
  const heuristic = rankByHeuristic(state.query, state.results)
  let modelPicks: Pick[] | null = null
  try {
    modelPicks = await rankByModel(state, deps, signal)
  } catch (error) {
    if (signal.aborted) throw error
  }
  const fallbacks = modelPicks
    ? state.fallbacks
    : [...state.fallbacks, 'prioritize_sources' as const]
  // The model's picks first; heuristic order tops the list up to five.
  const ranked = keepBestPerDomain([...(modelPicks ?? []), ...heuristic])
  return { ...state, ranked, fallbacks }
}
