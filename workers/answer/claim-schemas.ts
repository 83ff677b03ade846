// zod schemas of the claim check: the POST /api/claims/check body and the runner's input.
import { z } from 'zod'
import { askOptionsSchema, querySchema } from './schemas'

export const claimCheckRequestSchema = z.object({
  claim: querySchema,
  /** The same search options as /api/ask (search_mode, domain and recency filters). */
  options: askOptionsSchema.default({}),
  /** A session from POST /api/sessions (or an earlier call); its token goes in Authorization. */
  session_id: z.uuid().optional(),
})
export type ClaimCheckRequest = z.infer<typeof claimCheckRequestSchema>

export const claimRunInputSchema = z.object({
  claim: querySchema,
  options: askOptionsSchema.default({}),
})
export type ClaimRunInput = z.infer<typeof claimRunInputSchema>
