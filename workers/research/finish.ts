// The run's totals and its last write: usage (calls, tokens, wall time, time per step), mode and
// fallbacks derived the one way every capability derives them, and the report, for a finished
// run (done) or the sections a stop left (stopped, partial).
import type { Deps } from '../deps'
import { modeReport, type StageFallback } from '../grounding'
import type { PlanOutcome } from './model-plan'
import { buildReport } from './report'
import type { ResearchParams } from './schemas'
import { updateResearch } from './store'
import type { ResearchRecord, ResearchSection, ResearchUsage } from './types'

type TimedPlan = PlanOutcome & { ms: number }

export function usageOf(input: {
  planned: TimedPlan | null
  sections: ResearchSection[]
  budgetCalls: number
}): Omit<ResearchUsage, 'wall_ms'> {
  const { planned, sections } = input
  const steps = [
    ...(planned ? [{ name: 'plan', ms: planned.ms }] : []),
    ...sections.map((s) => ({ name: `sub-question ${s.index + 1}`, ms: s.ms })),
  ]
  return {
    calls: (planned?.calls ?? 0) + sections.reduce((n, s) => n + s.model_calls, 0),
    tokens: (planned?.tokens ?? 0) + sections.reduce((n, s) => n + s.tokens, 0),
    budget_calls: input.budgetCalls,
    steps,
  }
}

/** Each section's fallbacks, said of its sub-question. */
const sectionFallbacks = (sections: ResearchSection[]): StageFallback[] =>
  sections.flatMap((s) =>
    s.fallbacks.map((f) => ({
      stage: f.stage,
      reason: `sub-question ${s.index + 1}: ${f.reason}`,
    })),
  )

export async function finishReport(
  deps: Deps,
  input: {
    params: ResearchParams
    plan: TimedPlan
    sections: ResearchSection[]
    usage: Omit<ResearchUsage, 'wall_ms'>
    startedAt: number
  },
): Promise<{ sources: number; removed: number; ms: number }> {
  const { mode, fallbacks } = modeReport(
    deps.models !== null,
    input.plan.fallbacks,
    sectionFallbacks(input.sections),
  )
  const report = await buildReport(deps.db, {
    question: input.params.question,
    sections: input.sections,
    mode,
    partial: false,
  })
  const now = deps.now()
  const ms = now - input.startedAt
  const usage: ResearchUsage = {
    ...input.usage,
    steps: [...input.usage.steps, { name: 'report', ms }],
    wall_ms: now - input.params.started_at,
  }
  const fields = { report, usage, mode, fallbacks }
  await updateResearch(deps.db, input.params.research_id, { fields, status: 'done', now })
  return { sources: report.sources.length, removed: report.verification.removed, ms }
}

/** What a stop keeps: the report of the sections already finished, marked partial. */
export async function stoppedFields(deps: Deps, record: ResearchRecord) {
  const { mode, fallbacks } = modeReport(
    deps.models !== null,
    record.fallbacks,
    sectionFallbacks(record.sections),
  )
  const report = await buildReport(deps.db, {
    question: record.question,
    sections: record.sections,
    mode,
    partial: true,
  })
  const sofar = usageOf({
    planned: null,
    sections: record.sections,
    budgetCalls: record.usage.budget_calls,
  })
  const usage: ResearchUsage = { ...sofar, wall_ms: deps.now() - record.started_at }
  return { report, usage, mode, fallbacks }
}
