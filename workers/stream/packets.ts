// The packet: the one unit every long-running piece of Quire emits (seed 003), defined once as
// a zod schema from which the types are inferred. Encoders in this folder turn a packet
// sequence into text/plain, SSE, NDJSON or OpenAI chunks; README.md states the contract.
import { z } from 'zod'

/** A source a packet can point at; `number` is what the answer cites as [n]. */
export const sourceRefSchema = z.object({
  number: z.number().int(),
  title: z.string(),
  url: z.string().optional(),
  domain: z.string().optional(),
  snippet: z.string().optional(),
  image: z.string().nullable().optional(),
  sourceId: z.string().optional(),
  chunkId: z.string().optional(),
  page: z.number().nullable().optional(),
  date: z.string().nullable().optional(),
})
export type SourceRef = z.infer<typeof sourceRefSchema>

export const progressPhaseSchema = z.enum(['start', 'end', 'error'])
export type ProgressPhase = z.infer<typeof progressPhaseSchema>

/** Generated document content awaiting the user's approval (seed 000, stage 1). */
export const pendingContentSchema = z.object({
  pending_id: z.string(),
  status: z.enum(['pending_approval', 'approved', 'rejected']),
  /** Markdown the user approves into their document, or rejects. */
  document_content: z.string(),
  sources: z.array(sourceRefSchema),
  /** 1 for the first draft; each revision of still-pending content adds one. */
  revision: z.number().int().positive(),
  /** Nothing in the content is tied to a source (a model's reply that cited none): the UI
   * warns before it is placed, and it is placed uncited. */
  unsourced: z.boolean(),
  /** Each sentence of document_content with the numbers (in `sources`) it was written from. */
  attributions: z
    .array(z.object({ text: z.string(), sources: z.array(z.number().int()) }))
    .optional(),
})
export type PendingContent = z.infer<typeof pendingContentSchema>

/** One scientist's machine-readable ending in a debate turn (seed 002). */
export const verdictSchema = z.object({
  speaker: z.enum(['optimist', 'pessimist']),
  /** The debate round, 1-based. */
  round: z.number().int().positive(),
  agreement: z.enum(['AGREE', 'DISAGREE']).nullable(),
  viability: z.enum(['VIABLE', 'NOT_VIABLE']).nullable(),
  /** N/A whenever no check actually ran (always offline). */
  validation: z.enum(['PASS', 'FAIL', 'N/A']).nullable(),
  answer: z.enum(['VERIFIED', 'UNVERIFIED']).nullable(),
  conclusion: z.string().nullable(),
  verification_reason: z.string().nullable(),
})
export type Verdict = z.infer<typeof verdictSchema>

const bodySchemas = [
  z.object({
    type: z.literal('status'),
    message: z.string(),
    step: z.string().optional(),
    phase: progressPhaseSchema.optional(),
    at: z.string().optional(),
  }),
  z.object({ type: z.literal('token'), text: z.string() }),
  /**
   * Withdraws the block's answer text and citations streamed so far (a model that failed
   * mid-answer): clients clear them; the tokens and citations that follow are the answer.
   */
  z.object({ type: z.literal('replace'), reason: z.string() }),
  z.object({ type: z.literal('reasoning'), text: z.string() }),
  z.object({
    type: z.literal('tool_call'),
    id: z.string(),
    name: z.string(),
    arguments: z.string(),
  }),
  z.object({
    type: z.literal('tool_result'),
    id: z.string(),
    name: z.string(),
    summary: z.string(),
    sources: z.array(sourceRefSchema).optional(),
  }),
  z.object({ type: z.literal('citation'), number: z.number().int(), source: sourceRefSchema }),
  z.object({ type: z.literal('sources'), sources: z.array(sourceRefSchema) }),
  z.object({ type: z.literal('pending_content'), content: pendingContentSchema }),
  z.object({ type: z.literal('verdict'), verdict: verdictSchema }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
  z.object({ type: z.literal('done'), result: z.unknown(), stopped: z.boolean().optional() }),
] as const

export const packetBodySchema = z.discriminatedUnion('type', bodySchemas)

/** turn_index is the rendered block the packet belongs to, not the backend turn (seed 003). */
const placement = z.object({ turn_index: z.number().int().nonnegative() })

export const packetSchema = z.intersection(packetBodySchema, placement)

export type PacketBody = z.infer<typeof packetBodySchema>
export type PacketType = PacketBody['type']
export type Packet = z.infer<typeof packetSchema>

/** Whether a decoded value is a well-formed packet (used on every wire decode). */
export function isPacket(value: unknown): value is Packet {
  return packetSchema.safeParse(value).success
}

/** Places a packet body in rendered block `turnIndex`. */
export function atBlock(body: PacketBody, turnIndex: number): Packet {
  return { ...body, turn_index: turnIndex }
}
