// Reads a text/event-stream response back into packets, for route tests of any capability.
import { createParser } from 'eventsource-parser'
import type { Packet } from '../../workers/stream'

/** Reads an SSE response into packets; `onPacket` may act mid-stream, returning true stops reading. */
export async function readSse(
  res: Response,
  onPacket?: (packet: Packet) => boolean | void | Promise<boolean | void>,
): Promise<Packet[]> {
  const packets: Packet[] = []
  const parser = createParser({
    onEvent: (event) => void packets.push(JSON.parse(event.data) as Packet),
  })
  const reader = res.body?.getReader()
  if (!reader) throw new Error('no body')
  const text = new TextDecoder()
  let seen = 0
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    parser.feed(text.decode(next.value, { stream: true }))
    for (; seen < packets.length; seen += 1) {
      const packet = packets[seen]
      if (packet && (await onPacket?.(packet))) {
        await reader.cancel()
        return packets
      }
    }
  }
  return packets
}
