// /openapi.json payload schemas of the session routes, checked at compile time against the
// types the session returns.
import { z } from 'zod'
import type { SessionDescription, StatusPacket } from '../session'
import { jsonSchema, type Json } from './openapi-blocks'

// Compile-time drift guard: `Same` is true only when both types accept the same values.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Holds<T extends true> = T

const role = z.enum(['system', 'user', 'assistant', 'tool'])

const sessionDescription = z.object({
  session_id: z.uuid(),
  created_at: z.number().int().describe('Unix milliseconds'),
  messages: z.array(
    z.object({
      id: z.string(),
      index: z.number().int(),
      role,
      content: z.string(),
      data: z.record(z.string(), z.unknown()),
      createdAt: z.number().int(),
    }),
  ),
  running: z.object({ run_id: z.string(), kind: z.string() }).nullable(),
})
// One way only: the view's JSON values are wider than `unknown` allows back.
type _SessionHolds = Holds<
  SessionDescription extends z.input<typeof sessionDescription> ? true : false
>

const statusEvent = z.object({
  type: z.literal('status'),
  message: z.string(),
  step: z.string().optional(),
  phase: z.enum(['start', 'end', 'error']).optional(),
  at: z.string().optional(),
  turn_index: z.number().int(),
})
type _StatusHolds = Holds<Same<z.input<typeof statusEvent>, StatusPacket>>

/** components.schemas entries of the session routes. */
export function sessionSchemas(): Record<string, Json> {
  return {
    SessionDescription: jsonSchema(sessionDescription),
    StatusEvent: jsonSchema(statusEvent),
  }
}
