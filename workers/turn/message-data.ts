// What a turn keeps in the `data` of its stored rows, so GET /api/sessions/:id shows the rich
// form (tool calls, citations, stopped) and the next turn can rebuild the history from it.
import { z } from 'zod'
import { sourceRefSchema } from '../stream'

export const attachedFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  tokens: z.number(),
  /** The number the file had as a document in its turn; kept so history renders it the same. */
  document: z.number().int(),
})
export type AttachedFile = z.infer<typeof attachedFileSchema>

export const userDataSchema = z.object({
  kind: z.literal('turn_user'),
  run_id: z.string(),
  files: z.array(attachedFileSchema),
})
export type UserData = z.infer<typeof userDataSchema>

export const toolCallRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  arguments: z.string(),
  summary: z.string().optional(),
  sources: z.array(sourceRefSchema).optional(),
  error: z.string().optional(),
})
export type ToolCallRecord = z.infer<typeof toolCallRecordSchema>

export const cycleRecordSchema = z.object({
  text: z.string(),
  reasoning: z.string(),
  tool_calls: z.array(toolCallRecordSchema),
})
export type CycleRecord = z.infer<typeof cycleRecordSchema>

export const answerDataSchema = z.object({
  kind: z.literal('turn_answer'),
  run_id: z.string(),
  mode: z.enum(['online', 'offline', 'degraded']),
  /** Steps that fell back, with why (absent on messages saved before they were listed). */
  fallbacks: z.array(z.object({ stage: z.string(), reason: z.string() })).optional(),
  stopped: z.boolean(),
  cycles: z.array(cycleRecordSchema),
  /** Sources the answer cites, by the number used in its text. */
  citations: z.array(sourceRefSchema),
  /** Every document shown to the model in the turn. */
  documents: z.array(sourceRefSchema),
  project: z.enum(['none', 'inline', 'retrieved', 'unavailable']),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
})
export type AnswerData = z.infer<typeof answerDataSchema>
