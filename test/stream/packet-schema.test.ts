// The packet contract: one zod schema, the typed pending_content and verdict packets, and a
// sequence that round-trips through every encoder (SSE and NDJSON exactly; text/plain and
// OpenAI chunks keep what they carry: text, statuses, the result, the sources).
import { createParser } from 'eventsource-parser'
import { describe, expect, it } from 'vitest'
import {
  createPacketEncoder,
  decodeTextPlain,
  encodeNdjson,
  encodeSse,
  isPacket,
  NdjsonDecoder,
  newCompletionMeta,
  packetSchema,
  type Packet,
} from '../../workers/stream'
import { done, source, sources, status, token } from './builders'

const pending: Packet = {
  type: 'pending_content',
  turn_index: 2,
  content: {
    pending_id: 'p-1',
    status: 'pending_approval',
    document_content: '## Methods\nWe sampled [1].',
    sources: [source(1)],
    revision: 1,
    unsourced: false,
  },
}

const verdict: Packet = {
  type: 'verdict',
  turn_index: 3,
  verdict: {
    speaker: 'pessimist',
    round: 1,
    agreement: 'DISAGREE',
    viability: 'NOT_VIABLE',
    validation: 'N/A',
    answer: null,
    conclusion: 'The cited trial is too small to settle it.',
    verification_reason: null,
  },
}

const sequence: Packet[] = [
  status('Searching for: vitamin D fractures…'),
  sources([source(1), source(2, { page: 4 })]),
  token('Vitamin D alone did not help [1]', 1),
  token('; with calcium it did [2].', 1),
  pending,
  verdict,
  done({ answer: 'ok', sources: 2 }),
]

describe('packetSchema', () => {
  it('accepts every packet of the sequence, typed packets included', () => {
    for (const packet of sequence) expect(packetSchema.parse(packet)).toEqual(packet)
  })

  it('rejects a packet without turn_index, an unknown type, and a malformed verdict', () => {
    expect(isPacket({ type: 'token', text: 'x' })).toBe(false)
    expect(isPacket({ type: 'telepathy', turn_index: 0 })).toBe(false)
    const badVerdict = { ...verdict, verdict: { speaker: 'referee', round: 1 } }
    expect(isPacket(badVerdict)).toBe(false)
  })
})

describe('the sequence through each encoder', () => {
  it('round-trips exactly through NDJSON', () => {
    const decoder = new NdjsonDecoder()
    const decoded = [...decoder.push(sequence.map(encodeNdjson).join('')), ...decoder.end()]
    expect(decoded).toEqual(sequence)
  })

  it('round-trips exactly through SSE, one named event per packet', () => {
    const events: { event?: string; data: string }[] = []
    const parser = createParser({ onEvent: (event) => events.push(event) })
    parser.feed(sequence.map(encodeSse).join(''))
    expect(events.map((e) => e.event)).toEqual(sequence.map((p) => p.type))
    expect(events.map((e) => packetSchema.parse(JSON.parse(e.data)))).toEqual(sequence)
  })

  it('keeps text, statuses and the result through text/plain', () => {
    const encoder = createPacketEncoder({ kind: 'text' })
    const body = sequence.map((p) => encoder.encode(p)).join('') + encoder.flush()
    const events = decodeTextPlain(body)
    const text = events.flatMap((e) => (e.type === 'text' ? [e.text] : [])).join('')
    expect(text).toContain('Vitamin D alone did not help [1]; with calcium it did [2].')
    expect(events).toContainEqual({
      type: 'status',
      message: 'Searching for: vitamin D fractures…',
    })
    expect(events.at(-1)).toEqual({ type: 'done', result: { answer: 'ok', sources: 2 } })
  })

  it('keeps the answer and its citations through OpenAI chunks', () => {
    const encoder = createPacketEncoder({ kind: 'openai', meta: newCompletionMeta('quire') })
    const body = sequence.map((p) => encoder.encode(p)).join('')
    const chunks = body
      .split('\n\n')
      .filter((line) => line.startsWith('data: {'))
      .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>)
    const content = chunks
      .map((c) => (c.choices as { delta: { content?: string } }[])[0]?.delta.content ?? '')
      .join('')
    expect(content).toBe('Vitamin D alone did not help [1]; with calcium it did [2].')
    expect(chunks.at(-1)?.citations).toEqual(['https://example.org/1', 'https://example.org/2'])
    expect(body.trimEnd().endsWith('data: [DONE]')).toBe(true)
  })
})
