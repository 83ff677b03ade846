// Reads a server-sent-events response body into packets with eventsource-parser.
import { createParser } from 'eventsource-parser'
import type { Packet } from './types'

/** Calls onPacket for each event until the body ends or the signal aborts. */
export async function readPackets(
  body: ReadableStream<Uint8Array>,
  onPacket: (packet: Packet) => void,
): Promise<void> {
  const parser = createParser({
    onEvent(event) {
      try {
        const packet = JSON.parse(event.data) as Packet
        if (packet && typeof packet.type === 'string') onPacket(packet)
      } catch {
        // A malformed event is skipped; the final `done` packet carries the whole answer.
      }
    },
  })
  const reader = body.getReader()
  const decoder = new TextDecoder()
  for (;;) {
    const { value, done } = await reader.read()
    if (done) return
    parser.feed(decoder.decode(value, { stream: true }))
  }
}
