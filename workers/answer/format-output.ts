// Stage 5, format_output: the API payload (seed 001 §5.5, with mode, fallbacks, abstention).
// sources[n - 1] is what the answer cites as [n]: cited sources first in citation order, then
// the other sources that were read.
import { modeReport } from '../grounding'
import { toSourceRefs } from './source-refs'
import { NOT_COVERED_REASON } from './synthesize'
import type { AnswerDeps, AnswerSource, AskState, RankedSource } from './types'

function toAnswerSource(
  source: RankedSource,
  number: number,
  state: AskState,
  cited: boolean,
): AnswerSource {
  return {
    number,
    title: source.title,
    url: source.url,
    domain: source.domain,
    snippet: source.snippet,
    image: state.images[source.url] ?? source.image ?? null,
    ...(source.date ? { date: source.date } : {}),
    cited,
    reason: source.reason,
  }
}

/** The ranked sources in payload order: cited ones in [n] order, then the rest read. */
export function citedFirst(state: AskState): { cited: RankedSource[]; rest: RankedSource[] } {
  const byRank = new Map(state.ranked.map((s) => [s.rank, s]))
  const cited = state.cited.flatMap((rank) => byRank.get(rank) ?? [])
  const rest = state.ranked.filter((s) => !state.cited.includes(s.rank))
  return { cited, rest }
}

export function orderedSources(state: AskState): AnswerSource[] {
  const { cited, rest } = citedFirst(state)
  return [
    ...cited.map((s, i) => toAnswerSource(s, i + 1, state, true)),
    ...rest.map((s, i) => toAnswerSource(s, cited.length + i + 1, state, false)),
  ]
}

export async function formatOutput(state: AskState, deps: AnswerDeps): Promise<AskState> {
  const now = deps.now()
  const sources = orderedSources(state)
  // The final numbering (cited first, in [n] order); the early packet listed them by rank.
  deps.emit({ type: 'sources', sources: toSourceRefs(sources) })
  const searched = state.searchQuery.trim()
  return {
    ...state,
    payload: {
      session_id: state.sessionId,
      question: state.query,
      answer: state.answer,
      sources,
      related_questions: state.relatedQuestions,
      timestamp: new Date(now).toISOString(),
      latency_ms: Math.max(0, now - state.startedAt),
      ...modeReport(deps.mode === 'online', state.fallbacks),
      cached: false,
      abstained: state.abstained,
      ...(state.abstained ? { reason: state.abstainReason ?? NOT_COVERED_REASON } : {}),
      ...(searched && searched !== state.query.trim() ? { search_query: searched } : {}),
      model: state.answeredBy,
      ...(state.searchError ? { search_error: state.searchError } : {}),
    },
  }
}
