// NDJSON packet codec: one JSON packet per line. The wire format between SessionDO and the
// route that relays a run to the client.
import { isPacket, type Packet } from './packets'

export function encodeNdjson(packet: Packet): string {
  return `${JSON.stringify(packet)}\n`
}

/** Splits text chunks into packets; a line that is not a packet is dropped (and counted). */
export class NdjsonDecoder {
  #buffer = ''
  #skipped = 0

  get skipped(): number {
    return this.#skipped
  }

  push(chunk: string): Packet[] {
    this.#buffer += chunk
    const lines = this.#buffer.split('\n')
    this.#buffer = lines.pop() ?? ''
    return this.#parse(lines)
  }

  end(): Packet[] {
    const rest = this.#buffer
    this.#buffer = ''
    return this.#parse([rest])
  }

  #parse(lines: string[]): Packet[] {
    const packets: Packet[] = []
    for (const line of lines) {
      if (!line.trim()) continue
      const value = safeParse(line)
      if (isPacket(value)) packets.push(value)
      else this.#skipped++
    }
    return packets
  }
}

function safeParse(line: string): unknown {
  try {
    return JSON.parse(line)
  } catch {
    return undefined
  }
}

/** Bytes of NDJSON in, packets out. */
export function ndjsonToPackets(): TransformStream<Uint8Array, Packet> {
  const text = new TextDecoder()
  const decoder = new NdjsonDecoder()
  return new TransformStream<Uint8Array, Packet>({
    transform(chunk, controller) {
      for (const packet of decoder.push(text.decode(chunk, { stream: true }))) {
        controller.enqueue(packet)
      }
    },
    flush(controller) {
      for (const packet of decoder.push(text.decode())) controller.enqueue(packet)
      for (const packet of decoder.end()) controller.enqueue(packet)
    },
  })
}
