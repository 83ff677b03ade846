// The /v1/chat/completions body: OpenAI's shape plus Perplexity Sonar's search options.
// Unknown OpenAI fields (temperature, max_tokens, ...) are accepted and ignored.
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
})
export type ChatCompletionRequest = z.infer<typeof chatCompletionRequestSchema>

function textOf(message: z.infer<typeof messageSchema>): string {
  if (typeof message.content === 'string') return message.content
  if (!Array.isArray(message.content)) return ''
  return message.content
    .map((part) => ('text' in part && typeof part.text === 'string' ? part.text : ''))
    .join('')
}

/** The last user message is the question; earlier user/assistant messages are the history. */
export function splitConversation(messages: ChatCompletionRequest['messages']): {
  query: z.ZodSafeParseResult<string>
  history: HistoryTurn[]
} {
  const lastUser = messages.findLastIndex((m) => m.role === 'user')
  const query = querySchema.safeParse(lastUser >= 0 ? textOf(messages[lastUser] as never) : '')
  const history = messages
    .slice(0, Math.max(lastUser, 0))
    .filter((m) => m.role === 'user' || m.role === 'assistant')
    .map((m) => ({ role: m.role as HistoryTurn['role'], content: textOf(m) }))
    .filter((turn) => turn.content.trim())
  return { query, history }
}
