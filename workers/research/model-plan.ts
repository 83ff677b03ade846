// The keyed plan: one structured model call returning 3-6 sub-questions, each with why it is
// asked, validated by zod; anything else (no model, no budget, bad JSON, a failure) takes the
// offline decomposition and records why as a fallback.
import { describeFailure } from '../answer'
import type { StageFallback } from '../grounding'
import { completeJson, type ChatModel } from '../llm'
import { offlinePlan } from './offline-plan'
import { planMessages } from './prompts'
import { modelPlanSchema } from './schemas'
import type { ResearchPlan } from './types'

export interface PlanOutcome {
  plan: ResearchPlan
  fallbacks: StageFallback[]
  calls: number
  tokens: number
}

export async function makePlan(
  question: string,
  model: ChatModel | null,
  options: { budgetCalls: number; signal: AbortSignal },
): Promise<PlanOutcome> {
  const offline = (reason: string | null, calls = 0): PlanOutcome => ({
    plan: offlinePlan(question),
    fallbacks: reason ? [{ stage: 'research_plan', reason }] : [],
    calls,
    tokens: 0,
  })
  if (!model) return offline(null)
  if (options.budgetCalls < 1) return offline('the run has no model calls left')
  try {
    const request = { messages: planMessages(question), temperature: 0.2, maxTokens: 700 }
    const reply = await completeJson(model, request, modelPlanSchema, options.signal, {
      name: 'research_plan',
    })
    if (!reply.value) return offline('the plan was not valid JSON', 1)
    const usage = reply.response.usage
    const tokens = usage ? usage.promptTokens + usage.completionTokens : 0
    return { plan: { ...reply.value, made_by: 'model' }, fallbacks: [], calls: 1, tokens }
  } catch (error) {
    if (options.signal.aborted) throw error
    return offline(describeFailure(error), 1)
  }
}
