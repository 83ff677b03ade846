// The plan review: an approval keeps the plan; an edit replaces its sub-questions (validated,
// 3-6, at the API), and the plan then says the reader made it.
import type { PlanReview } from './schemas'
import type { ResearchPlan } from './types'

export function applyReview(plan: ResearchPlan, review: PlanReview): ResearchPlan {
  if (!review.sub_questions) return plan
  return { sub_questions: review.sub_questions, made_by: plan.made_by, edited: true }
}
