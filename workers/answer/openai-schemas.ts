// The /v1/chat/completions body: OpenAI's shape plus Perplexity Sonar's search options.
// `system` messages become delimited extra instructions and `max_tokens` caps the answer;
// other OpenAI fields (temperature, ...) are accepted and ignored.
import { z } from 'zod'
import { askOptionsSchema, querySchema, type HistoryTurn } from './schemas'

const textPartSchema = z.object({ type: z.literal('text'), text: z.string() })

const messageSchema = z.object({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
  content: z
    .union([
      z.string(),
      z.array(z.union([textPartSchema, z.looseObject({ type: z.string() })])),
      z.null(),
    ])
    .optional(),
})

export const chatCompletionRequestSchema = askOptionsSchema.extend({
  model: z.string().trim().min(1).max(200),
  messages: z.array(messageSchema).min(1).max(200),
  stream: z.boolean().optional(),
  max_tokens: z.number().int().positive().optional(),
  /** The newer name of max_tokens. */
  max_completion_tokens: z.number().int().positive().optional(),
})
export type ChatCompletionRequest = z.infer<typeof chatCompletionRequestSchema>

function textOf(message: z.infer<typeof messageSchema>): string {
  if (typeof message.content === 'string') return message.content
  if (!Array.isArray(message.content)) return ''
  return message.content
    .map((part) => ('text' in part && typeof part.text === 'string' ? part.text : ''))
    .join('')
}

const INSTRUCTIONS_MAX_CHARS = 4000

/** The last user message is the question; earlier user/assistant messages are the history;
 * system (and developer) messages are the caller's instructions. */
export function splitConversation(messages: ChatCompletionRequest['messages']): {
  query: z.ZodSafeParseResult<string>
  history: HistoryTurn[]
  instructions?: string
} {
  const lastUser = messages.findLastIndex((m) => m.role === 'user')
  const query = querySchema.safeParse(lastUser >= 0 ? textOf(messages[lastUser] as never) : '')
  const history = messages
    .slice(0, Math.max(lastUser, 0))
    .filter((m) => m.role === 'user' || m.role === 'assistant')
    .map((m) => ({ role: m.role as HistoryTurn['role'], content: textOf(m) }))
    .filter((turn) => turn.content.trim())
  const instructions = messages
    .filter((m) => m.role === 'system' || m.role === 'developer')
    .map(textOf)
    .map((text) => text.trim())
    .filter(Boolean)
    .join('\n\n')
    .slice(0, INSTRUCTIONS_MAX_CHARS)
  return { query, history, ...(instructions ? { instructions } : {}) }
}
