// Script steps for the fake OpenAI-compatible server: one step answers one request that
// carries the script's marker. Shared by the Node server and the workerd-side helper (no Node imports).
import { z } from 'zod'
import { faultSchema } from './faults'

const toolCallSchema = z.object({
  name: z.string().min(1),
  /** An object is sent as its JSON text; a string is sent verbatim (e.g. broken JSON). */
  arguments: z.union([z.record(z.string(), z.unknown()), z.string()]),
})

export const fakeStepSchema = z
  .object({
    /** Reply text; streamed in `chunks` pieces (default 3). */
    reply: z.string().optional(),
    chunks: z.number().int().positive().max(10_000).optional(),
    /** Reasoning streamed before the reply, in `reasoning_content` unless reasoningField says otherwise. */
    reasoning: z.string().optional(),
    reasoningField: z.enum(['reasoning_content', 'reasoning']).optional(),
    toolCalls: z.array(toolCallSchema).optional(),
    /** Reply content is this value's JSON text. */
    json: z.unknown().optional(),
    /**
     * Answers only a request for this structured output (`response_format.json_schema.name`),
     * whenever it comes; steps without it answer the other requests in order.
     */
    forSchema: z.string().min(1).optional(),
    /** Reply content exactly this text (malformed JSON, prose...). */
    raw: z.string().optional(),
    finishReason: z.enum(['stop', 'length', 'tool_calls', 'content_filter']).optional(),
    /** Reported usage; null reports none (as some providers do). Default: counted from the text. */
    usage: z
      .object({ prompt_tokens: z.number(), completion_tokens: z.number() })
      .nullable()
      .optional(),
    /** Answer with this HTTP status and an OpenAI error body instead. */
    status: z.number().int().min(200).max(599).optional(),
    error: z
      .object({
        message: z.string(),
        type: z.string().optional(),
        code: z.string().nullable().optional(),
      })
      .optional(),
    /** Wait before the first byte. */
    delayMs: z.number().int().nonnegative().max(120_000).optional(),
    /** Wait between stream chunks. */
    chunkDelayMs: z.number().int().nonnegative().max(60_000).optional(),
    /** Never finish: alone, nothing is sent; with content, the stream stalls after it. */
    hang: z.boolean().optional(),
    /** 401 unless the request's Authorization is `Bearer <requireKey>`. */
    requireKey: z.string().optional(),
    /** A provider fault (reset, silence after headers, error event): fake-openai/faults.ts. */
    fault: faultSchema.optional(),
  })
  .strict()

export type FakeStep = z.infer<typeof fakeStepSchema>
export type FakeToolCall = z.infer<typeof toolCallSchema>

export const scriptRequestSchema = z.object({ steps: z.array(fakeStepSchema).max(1000) })

/** What the server recorded about one request, in arrival order. */
export interface RecordedRequest {
  path: string
  authorization: string | null
  body: Record<string, unknown>
  /** When it arrived (Unix ms), so a benchmark can count the calls before a moment. */
  at?: number
}

export const MARKER_PATTERN = /\[\[fake:([A-Za-z0-9_-]+)\]\]/

export function markerFor(key: string): string {
  return `[[fake:${key}]]`
}
