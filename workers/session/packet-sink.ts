// The live side of a run's stream: packets in, NDJSON bytes out to whoever holds `readable`.
// If that reader goes away the run must go on, so write failures only close the sink.
import { encodeNdjson, type Packet } from '../stream'

export class PacketSink {
  readonly readable: ReadableStream<Uint8Array>
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>
  readonly #encoder = new TextEncoder()
  #open = true

  constructor() {
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>()
    this.readable = readable
    this.#writer = writable.getWriter()
  }

  get isOpen(): boolean {
    return this.#open
  }

  /** Never awaits the reader (a slow or absent client must not stall the run). */
  write(packet: Packet): void {
    if (!this.#open) return
    this.#writer.write(this.#encoder.encode(encodeNdjson(packet))).catch(() => {
      this.#open = false
    })
  }

  close(): void {
    if (!this.#open) return
    this.#open = false
    this.#writer.close().catch(() => undefined)
  }
}
