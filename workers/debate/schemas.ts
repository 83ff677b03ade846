// Request and run-input shapes of the debate (seed 002 §2): the question, the client's
// history and an optional URL; session_id continues a session (with its bearer token).
import { z } from 'zod'

const historyItemSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(20_000),
})

export const debateRequestSchema = z.object({
  question: z.string().trim().min(1).max(4_000),
  history: z.array(historyItemSchema).max(50).default([]),
  url: z.url().max(2_000).optional(),
  session_id: z.uuid().optional(),
})
export type DebateRequest = z.infer<typeof debateRequestSchema>

/** What the route hands the run (checked again inside the session object). */
export const debateRunInputSchema = z.object({
  /** The turn engine's own field: the question, stored as the user's message. */
  message: z.string().trim().min(1).max(4_000),
  tools: z.array(z.string()).max(0).default([]),
  history: z.array(historyItemSchema).max(50).default([]),
  url: z.string().max(2_000).optional(),
  /** The global slot this run holds (DEBATE_MAX_ACTIVE), given back when it ends. */
  slot: z.string().max(64).optional(),
})
export type DebateRunInput = z.infer<typeof debateRunInputSchema>

export const interruptRequestSchema = z.object({ session_id: z.uuid() })
