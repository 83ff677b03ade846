// zod at deep research's edges: the POST /api/research body, the plan review body, and the
// Workflow's params (they cross an RPC boundary into the instance).
import { z } from 'zod'
import { askOptionsSchema, querySchema } from '../answer'

export const MIN_SUB_QUESTIONS = 3
export const MAX_SUB_QUESTIONS = 6
export const DEFAULT_BUDGET_CALLS = 40

const lineSchema = z.string().trim().min(1, 'must not be empty').max(500)

export const subQuestionSchema = z.object({ question: lineSchema, why: lineSchema })

export const subQuestionsSchema = z
  .array(subQuestionSchema)
  .min(MIN_SUB_QUESTIONS, `must hold at least ${MIN_SUB_QUESTIONS} sub-questions`)
  .max(MAX_SUB_QUESTIONS, `must hold at most ${MAX_SUB_QUESTIONS} sub-questions`)

export const researchOptionsSchema = askOptionsSchema.extend({
  /** Wait for POST /api/research/:id/plan before researching. */
  review: z.boolean().default(false),
  /** Sub-questions researched at once. */
  concurrency: z.number().int().min(1).max(MAX_SUB_QUESTIONS).default(3),
  /** Model calls this run may make; past it, steps take their offline path. */
  budget_calls: z.number().int().min(0).max(200).default(DEFAULT_BUDGET_CALLS),
})
export type ResearchOptions = z.infer<typeof researchOptionsSchema>

export const researchRequestSchema = z.object({
  question: querySchema,
  options: researchOptionsSchema.default(researchOptionsSchema.parse({})),
  session_id: z.uuid().optional(),
})

export const researchParamSchema = z.object({ id: z.uuid() })

/** The review: approve the plan as it is, or replace its sub-questions. */
export const planReviewSchema = z.object({
  approve: z.boolean().default(true),
  sub_questions: subQuestionsSchema.optional(),
})
export type PlanReview = z.infer<typeof planReviewSchema>

export const researchParamsSchema = z.object({
  research_id: z.uuid(),
  session_id: z.uuid(),
  question: querySchema,
  options: researchOptionsSchema,
  /** When POST accepted the run (ms): wall time counts from here. */
  started_at: z.number(),
})
export type ResearchParams = z.infer<typeof researchParamsSchema>

/** What the keyed planner must return. */
export const modelPlanSchema = z.object({ sub_questions: subQuestionsSchema })
