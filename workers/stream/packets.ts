// The packet: the one unit every long-running piece of Quire emits (seed 003). Encoders in
// this folder turn a packet sequence into text/plain, SSE or OpenAI chunks.

/** A source a packet can point at; `number` is what the model cites as [n]. */
export interface SourceRef {
  number: number
  title: string
  url?: string
  domain?: string
  snippet?: string
  image?: string | null
  sourceId?: string
  chunkId?: string
  page?: number | null
  date?: string | null
}

export type ProgressPhase = 'start' | 'end' | 'error'

export type PacketBody =
  | { type: 'status'; message: string; step?: string; phase?: ProgressPhase; at?: string }
  | { type: 'token'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'tool_call'; id: string; name: string; arguments: string }
  | { type: 'tool_result'; id: string; name: string; summary: string; sources?: SourceRef[] }
  | { type: 'citation'; number: number; source: SourceRef }
  | { type: 'sources'; sources: SourceRef[] }
  | { type: 'pending_content'; content: unknown }
  | { type: 'verdict'; verdict: Record<string, string> }
  | { type: 'error'; code: string; message: string }
  | { type: 'done'; result: unknown; stopped?: boolean }

export type PacketType = PacketBody['type']

/** turn_index is the rendered block the packet belongs to, not the backend turn. */
export type Packet = PacketBody & { turn_index: number }

export function isPacket(value: unknown): value is Packet {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { type?: unknown }).type === 'string' &&
    typeof (value as { turn_index?: unknown }).turn_index === 'number'
  )
}
