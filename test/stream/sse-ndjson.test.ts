// SSE encoding and the NDJSON packet codec.
import { createParser, type EventSourceMessage } from 'eventsource-parser'
import { describe, expect, it } from 'vitest'
import {
  encodeNdjson,
  encodePacketStream,
  encodeSse,
  NdjsonDecoder,
  ndjsonToPackets,
  type Packet,
} from '../../workers/stream'
import { done, source, sources, status, token } from './builders'

function parseSse(body: string): EventSourceMessage[] {
  const events: EventSourceMessage[] = []
  const parser = createParser({ onEvent: (event) => events.push(event) })
  parser.feed(body)
  return events
}

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const items: T[] = []
  for await (const item of stream) items.push(item)
  return items
}

describe('SSE encoder', () => {
  it('writes one event per packet named after its type', () => {
    expect(encodeSse(status('Searching'))).toBe(
      'event: status\ndata: {"type":"status","message":"Searching","turn_index":0}\n\n',
    )
  })

  it('keeps multi-line content inside a single data line that parses back', () => {
    const packets = [token('a\nb\r\n\ndata: forged\n\n'), done({ ok: true })]
    const events = parseSse(packets.map(encodeSse).join(''))
    expect(events.map((event) => event.event)).toEqual(['token', 'done'])
    expect(events.map((event) => JSON.parse(event.data))).toEqual(packets)
  })
})

describe('NDJSON codec', () => {
  const packets: Packet[] = [
    status('one'),
    token('two\nlines'),
    sources([source(1, { snippet: 'with "quotes"' })]),
    done({ n: 3 }),
  ]

  it('round-trips packets whatever the chunk boundaries', () => {
    const body = packets.map(encodeNdjson).join('')
    for (const size of [1, 5, body.length]) {
      const decoder = new NdjsonDecoder()
      const out: Packet[] = []
      for (let i = 0; i < body.length; i += size) out.push(...decoder.push(body.slice(i, i + size)))
      out.push(...decoder.end())
      expect(out).toEqual(packets)
    }
  })

  it('drops lines that are not packets and counts them', () => {
    const decoder = new NdjsonDecoder()
    const out = decoder.push('{"type":"token"}\nnot json\n' + encodeNdjson(token('ok')))
    expect(out).toEqual([token('ok')])
    expect(decoder.skipped).toBe(2)
  })

  it('decodes a byte stream split inside a multi-byte character', async () => {
    const bytes = new TextEncoder().encode(encodeNdjson(token('naïve — ünïcode')))
    const input = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(new Uint8Array([byte]))
        controller.close()
      },
    })
    expect(await collect(input.pipeThrough(ndjsonToPackets()))).toEqual([token('naïve — ünïcode')])
  })

  it('re-encodes a packet stream as text/plain bytes', async () => {
    const input = new ReadableStream<Packet>({
      start(controller) {
        for (const packet of packets) controller.enqueue(packet)
        controller.close()
      },
    })
    const chunks = await collect(input.pipeThrough(encodePacketStream({ kind: 'text' })))
    const text = chunks.map((chunk) => new TextDecoder().decode(chunk)).join('')
    expect(text).toBe('[[STATUS]] one\ntwo\nlines\n[[DONE]] {"n":3}\n')
  })
})
