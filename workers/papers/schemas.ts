// Request shapes of the papers routes (also used by /openapi.json).
import { z } from 'zod'

const sessionId = z.string().trim().min(1).max(128)

export const searchBodySchema = z.object({
  session_id: sessionId,
  query: z.string().trim().min(2).max(500),
})

export const loadBodySchema = z
  .object({
    session_id: sessionId,
    ids: z.array(z.string().trim().min(1).max(100)).min(1).max(10).optional(),
    indices: z.array(z.number().int().min(1).max(10)).min(1).max(10).optional(),
  })
  .refine((b) => (b.ids === undefined) !== (b.indices === undefined), {
    message: 'give exactly one of ids or indices',
  })

export const chatBodySchema = z.object({
  session_id: sessionId,
  message: z.string().trim().min(1).max(8_000),
})

/** Paper Brain's agent: one message to the agent, which may search again and load results. */
export const brainBodySchema = chatBodySchema

/** The runners' input, re-checked inside the session object. */
export const chatInputSchema = z.object({ message: z.string().trim().min(1).max(8_000) })

export const sessionParamSchema = z.object({ session: sessionId })

export const paperPdfParamSchema = z.object({
  session: sessionId,
  paper_id: z.string().trim().min(1).max(200),
})
