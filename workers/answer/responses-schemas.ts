// The /v1/responses body: OpenAI's Responses shape (input as a string or message items,
// instructions, max_output_tokens, stream, store, previous_response_id) plus Sonar's search
// options. Items other than messages, and content other than text, are accepted and ignored.
import { z } from 'zod'
import type { ChatCompletionRequest } from './openai-schemas'
import { askOptionsSchema } from './schemas'

const textPartSchema = z.object({
  type: z.enum(['input_text', 'output_text', 'text']),
  text: z.string(),
})

const messageItemSchema = z.object({
  type: z.literal('message').optional(),
  role: z.enum(['user', 'assistant', 'system', 'developer']),
  content: z.union([
    z.string(),
    z.array(z.union([textPartSchema, z.looseObject({ type: z.string() })])),
  ]),
})

const otherItemSchema = z.looseObject({ type: z.string() })

export const responseRequestSchema = askOptionsSchema.extend({
  model: z.string().trim().min(1).max(200).default('quire-answer'),
  input: z.union([
    z.string(),
    z
      .array(z.union([messageItemSchema, otherItemSchema]))
      .min(1)
      .max(200),
  ]),
  instructions: z.string().max(4000).nullish(),
  max_output_tokens: z.number().int().positive().nullish(),
  stream: z.boolean().nullish(),
  store: z.boolean().nullish(),
  previous_response_id: z.string().min(1).max(200).nullish(),
  metadata: z.record(z.string().max(64), z.string().max(512)).nullish(),
})
export type ResponseRequest = z.infer<typeof responseRequestSchema>

const textOf = (content: z.infer<typeof messageItemSchema>['content']): string =>
  typeof content === 'string'
    ? content
    : content
        .map((part) => ('text' in part && typeof part.text === 'string' ? part.text : ''))
        .join('')

/** The request as chat messages: instructions first (as a system message), then the input. */
export function toChatMessages(request: ResponseRequest): ChatCompletionRequest['messages'] {
  const items =
    typeof request.input === 'string'
      ? [{ role: 'user' as const, content: request.input }]
      : request.input
  const messages = items.flatMap((item) => {
    const message = messageItemSchema.safeParse(item)
    return message.success
      ? [{ role: message.data.role, content: textOf(message.data.content) }]
      : []
  })
  const instructions = request.instructions?.trim()
  return instructions ? [{ role: 'system', content: instructions }, ...messages] : messages
}
