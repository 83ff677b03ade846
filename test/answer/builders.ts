// Builders for the answer engine's tests: search results, ranked sources, state.
import { initialState } from '../../workers/answer/pipeline'
import type { AskState, RankedSource } from '../../workers/answer/types'
import type { WebSearchResult } from '../../workers/sources'

export function aResult(n: number, overrides: Partial<WebSearchResult> = {}): WebSearchResult {
  return {
    title: `Result ${n}`,
    url: `https://site${n}.example.com/page`,
    snippet: `Snippet number ${n} about the topic.`,
    domain: `site${n}.example.com`,
    ...overrides,
  }
}

export function aRankedSource(rank: number, overrides: Partial<RankedSource> = {}): RankedSource {
  return { ...aResult(rank), rank, reason: 'test', ...overrides }
}

export function aState(overrides: Partial<AskState> = {}): AskState {
  const query = overrides.query ?? 'Does vitamin D reduce fractures?'
  return {
    ...initialState({ sessionId: 'session-1', query, options: {}, history: [], startedAt: 1_000 }),
    ...overrides,
  }
}
