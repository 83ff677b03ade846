// The deep-research Workflow: plan -> (optional review event) -> one step per sub-question, in
// parallel batches -> report. Each step's result is cached by the Workflows engine, so a
// restarted instance replays finished steps without their searches or model calls; each step
// also writes what it made to the run's record, which GET /api/research/:id reads.
import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep } from 'cloudflare:workers'
import { makeDeps } from '../deps'
import { makePlan } from './model-plan'
import { applyReview } from './review'
import { researchSection } from './research-section'
import { finishReport, usageOf } from './finish'
import { researchParamsSchema, type PlanReview, type ResearchParams } from './schemas'
import { updateResearch } from './store'
import type { ResearchSection } from './types'

export const REVIEW_EVENT = 'plan-review'

const STEP_CONFIG = {
  retries: { limit: 1, delay: '1 second' as const },
  timeout: '10 minutes' as const,
}

const timed = async <T>(now: () => number, run: () => Promise<T>): Promise<T & { ms: number }> => {
  const startedAt = now()
  const value = await run()
  return { ...value, ms: now() - startedAt }
}

export class ResearchWorkflow extends WorkflowEntrypoint<Env, ResearchParams> {
  override async run(event: Readonly<WorkflowEvent<ResearchParams>>, step: WorkflowStep) {
    const params = researchParamsSchema.parse(event.payload)
    const deps = makeDeps(this.env)
    const id = params.research_id
    // Termination ends the instance itself; steps never see a stop through this signal.
    const signal = new AbortController().signal
    try {
      const planned = await step.do('plan', STEP_CONFIG, () =>
        timed(deps.now, async () => {
          const outcome = await makePlan(params.question, deps.models?.fast ?? null, {
            budgetCalls: params.options.budget_calls,
            signal,
          })
          const status = params.options.review ? 'awaiting_review' : 'researching'
          await updateResearch(deps.db, id, {
            fields: { plan: outcome.plan },
            status,
            now: deps.now(),
          })
          return outcome
        }),
      )
      let plan = planned.plan
      if (params.options.review) {
        const review = await step.waitForEvent<PlanReview>('plan review', {
          type: REVIEW_EVENT,
          timeout: '24 hours',
        })
        plan = await step.do('apply review', STEP_CONFIG, async () => {
          const reviewed = applyReview(plan, review.payload)
          const fields = { plan: reviewed }
          await updateResearch(deps.db, id, { fields, status: 'researching', now: deps.now() })
          return reviewed
        })
      }
      const count = plan.sub_questions.length
      const share = Math.floor(Math.max(0, params.options.budget_calls - planned.calls) / count)
      const sections: ResearchSection[] = []
      for (let from = 0; from < count; from += params.options.concurrency) {
        const batch = plan.sub_questions.slice(from, from + params.options.concurrency)
        const done = await Promise.all(
          batch.map((subQuestion, offset) =>
            step.do(`sub-question ${from + offset + 1}`, STEP_CONFIG, async () => {
              const input = {
                sessionId: params.session_id,
                index: from + offset,
                subQuestion,
                options: params.options,
                budgetCalls: share,
              }
              const section = await researchSection(input, deps, signal)
              await updateResearch(deps.db, id, { section, now: deps.now() })
              return section
            }),
          ),
        )
        sections.push(...done)
      }
      return await step.do('report', STEP_CONFIG, async () => {
        await updateResearch(deps.db, id, { status: 'writing', now: deps.now() })
        const startedAt = deps.now()
        const usage = usageOf({ planned, sections, budgetCalls: params.options.budget_calls })
        return finishReport(deps, { params, plan: planned, sections, usage, startedAt })
      })
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      await updateResearch(deps.db, id, {
        fields: { error: message },
        status: 'failed',
        now: deps.now(),
      })
      throw error
    }
  }
}
