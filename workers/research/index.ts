// Deep research (issue 51): a plan of sub-questions, each answered through the grounded answer
// path, assembled into one cited report, run as a Cloudflare Workflow. Re-exports only.
export { researchRoutes } from './routes'
export { researchOpenApi } from './openapi'
export { ResearchWorkflow, REVIEW_EVENT } from './workflow'
export { offlinePlan } from './offline-plan'
export { buildReport, gapLine } from './report'
export { isSupported, verifySection } from './verify'
export type { ResearchRecord, ResearchReport, ResearchStatus } from './types'
export { startResearchRun } from './start'
export { readResearch } from './store'
export { researchOptionsSchema, type ResearchOptions } from './schemas'
