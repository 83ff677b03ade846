// The answer capability (seed 001): the /api routes, the OpenAI-compatible /v1 routes, and
// the 'ask' runner SessionDO hosts (registered at module load, as workers/session expects).
import { registerRunner } from '../session'
import { runAsk } from './ask-runner'
import { CLAIM_CHECK_RUN } from './claim-routes'
import { runClaimCheck } from './claim-runner'
import { claimRunInputSchema } from './claim-schemas'
import { askRunInputSchema } from './schemas'

registerRunner('ask', runAsk, askRunInputSchema)
registerRunner(CLAIM_CHECK_RUN, runClaimCheck, claimRunInputSchema)

export { answerRoutes, SESSION_ID_HEADER, SESSION_TOKEN_HEADER, SHARE_TOKEN_HEADER } from './routes'
export { openAiRoutes } from './openai-routes'
export { claimRoutes } from './claim-routes'
export type { ClaimCheckPayload, ClaimMap, ClaimSource } from './claim-payload'
export { claimCheckRequestSchema } from './claim-schemas'
export { checkClaim, type ClaimCheckRequest } from './claim-check'
export { MODEL_IDS } from './openai-common'
export { answerQuestion, type AnswerRequest } from './answer'
export { CACHE_TTL_MS } from './cache'
export type { AnswerPayload, AnswerSource } from './types'
export { askRequestSchema, askOptionsSchema, type AskOptions, type AskRequest } from './schemas'
export { chatCompletionRequestSchema, type ChatCompletionRequest } from './openai-schemas'
export { answerOpenApi } from './openapi'
export { toAnswerDeps } from './answer-deps'
export type { SourceView } from './source-view'
export { readSourceFor, type SourceCredentials } from './source-access'
export { askRunInputSchema, type AskRunInput } from './schemas'
export { answerGrounded, type GroundedAnswer } from './grounded-answer'
export { sessionFor, type OpenedSession } from './ask-session'
export { meterUsage, type UsageMeter } from './usage-meter'
export { querySchema } from './schemas'
export { describeFailure } from './describe-failure'
