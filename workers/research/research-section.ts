// One sub-question through the grounded answer path (the same retrieval over the ask
// namespaces, relevance judgement and cited synthesis as /api/ask), with its model calls
// metered and capped by the section's share of the run's budget.
import { answerGrounded, meterUsage, toAnswerDeps } from '../answer'
import type { Deps } from '../deps'
import type { AskOptions } from '../answer'
import type { ResearchSection, SectionSource, SubQuestion } from './types'

/** Below this many calls a keyed answer cannot judge, write and suggest: it runs offline. */
export const MIN_SECTION_CALLS = 3

export interface SectionInput {
  sessionId: string
  index: number
  subQuestion: SubQuestion
  options: AskOptions
  /** Model calls this section may make. */
  budgetCalls: number
}

export async function researchSection(
  input: SectionInput,
  deps: Deps,
  signal: AbortSignal,
): Promise<ResearchSection> {
  const startedAt = deps.now()
  const overBudget = deps.models !== null && input.budgetCalls < MIN_SECTION_CALLS
  const meter = meterUsage(overBudget ? null : deps.models)
  // Section steps stream nothing: the run's record is what readers see.
  const answerDeps = { ...toAnswerDeps(deps, () => undefined), models: meter.models }
  const request = {
    sessionId: input.sessionId,
    query: input.subQuestion.question,
    options: input.options,
  }
  const { payload, provenance } = await answerGrounded(request, answerDeps, signal)
  const sources: SectionSource[] = provenance.map((result) => ({
    title: result.title,
    url: result.url,
    domain: result.domain,
    snippet: result.snippet,
    ...(result.date ? { date: result.date } : {}),
    ...(result.sourceId ? { source_id: result.sourceId } : {}),
  }))
  const citesNothing = !payload.sources.some((s) => s.cited)
  const usage = meter.usage()
  const budgetFallback = overBudget
    ? [
        {
          stage: 'research_budget',
          reason: 'the run had too few model calls left; answered offline',
        },
      ]
    : []
  return {
    index: input.index,
    question: input.subQuestion.question,
    why: input.subQuestion.why,
    answer: payload.answer,
    sources,
    abstained: payload.abstained || citesNothing,
    ...(payload.reason ? { reason: payload.reason } : {}),
    mode: overBudget ? 'degraded' : payload.mode,
    fallbacks: [...budgetFallback, ...payload.fallbacks],
    model_calls: meter.note().calls,
    tokens: usage.total_tokens,
    ms: deps.now() - startedAt,
  }
}
