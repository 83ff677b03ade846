// /openapi.json payload schemas of the turn routes, checked at compile time against the types
// the capability returns.
import { z } from 'zod'
import { openApi, type Json } from '../http'
import type { RichMessage } from './save'

const { jsonSchema } = openApi

// Compile-time drift guard: `Same` is true only when both types accept the same values.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Holds<T extends true> = T

const richMessage = z.object({
  id: z.string(),
  index: z.number().int(),
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  content: z.string(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.number().int().describe('Unix milliseconds'),
})
type _RichMessageHolds = Holds<Same<z.input<typeof richMessage>, RichMessage>>

const turnResult = z.object({
  message: richMessage.nullable().describe('The saved assistant message'),
  mode: z.enum(['offline', 'online', 'degraded']).optional(),
  fallbacks: z
    .array(z.object({ stage: z.string(), reason: z.string() }))
    .optional()
    .describe('Each step that fell back, and why'),
  stopped: z.boolean(),
  text: z.string().optional().describe('Only for a stop that did not unwind in time'),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
})

const fileView = z.object({
  id: z.string(),
  name: z.string(),
  content_type: z.string(),
  kind: z.enum(['text', 'pdf', 'image']),
  scope: z.enum(['message', 'project']),
  tokens: z.number().int().min(0),
  bytes: z.number().int().min(0),
  indexed: z.boolean().describe('In the project search index (set when the project overflows)'),
  created_at: z.number().int().describe('Unix milliseconds'),
})

/** components.schemas entries of this capability. */
export function turnSchemas(): Record<string, Json> {
  return {
    RichMessage: jsonSchema(richMessage),
    TurnResult: jsonSchema(turnResult),
    FileView: jsonSchema(fileView),
  }
}
