// zod schemas at the answer engine's edges: the /api/ask body, the Sonar-style options and
// the ask runner's input (a DO RPC argument).
import { z } from 'zod'

export const QUERY_MAX_CHARS = 4000

/** A domain pattern as Sonar takes it: "example.org" allows, "-example.org" denies. */
const domainPattern = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^-?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, 'not a domain')

export const askOptionsSchema = z.object({
  search_domain_filter: z.array(domainPattern).max(20).optional(),
  search_recency_filter: z.enum(['day', 'week', 'month', 'year']).optional(),
  /** web = the configured provider; academic = arXiv + Crossref + corpus; corpus = the local knowledge base. */
  search_mode: z.enum(['web', 'academic', 'corpus']).optional(),
})
export type AskOptions = z.infer<typeof askOptionsSchema>

export const querySchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(QUERY_MAX_CHARS, `must be at most ${QUERY_MAX_CHARS} characters`)

export const askRequestSchema = askOptionsSchema.extend({
  query: querySchema,
  /** A session from POST /api/sessions (or an earlier ask); its token goes in Authorization. */
  session_id: z.uuid().optional(),
})
export type AskRequest = z.infer<typeof askRequestSchema>

export const historyTurnSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string(),
})
export type HistoryTurn = z.infer<typeof historyTurnSchema>

/** What SessionDO hands the 'ask' runner (validated there: it crossed an RPC boundary). */
export const askRunInputSchema = z.object({
  query: querySchema,
  options: askOptionsSchema.default({}),
})
export type AskRunInput = z.infer<typeof askRunInputSchema>
