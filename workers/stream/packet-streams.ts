// Packets-to-bytes TransformStreams for each wire format, with the content type each is sent as.
import { encodeNdjson } from './ndjson'
import { OpenAiChunkEncoder, type CompletionMeta } from './openai-chunks'
import type { Packet } from './packets'
import { encodeSse } from './sse'
import { TextPlainEncoder } from './text-plain-encoder'

export type WireFormat =
  { kind: 'sse' } | { kind: 'text' } | { kind: 'ndjson' } | { kind: 'openai'; meta: CompletionMeta }

export const CONTENT_TYPES: Record<WireFormat['kind'], string> = {
  sse: 'text/event-stream; charset=utf-8',
  text: 'text/plain; charset=utf-8',
  ndjson: 'application/x-ndjson; charset=utf-8',
  openai: 'text/event-stream; charset=utf-8',
}

interface PacketTextEncoder {
  encode(packet: Packet): string
  flush(): string
}

export function createPacketEncoder(format: WireFormat): PacketTextEncoder {
  switch (format.kind) {
    case 'text':
      return new TextPlainEncoder()
    case 'openai': {
      const encoder = new OpenAiChunkEncoder(format.meta)
      return { encode: (packet) => encoder.encode(packet), flush: () => '' }
    }
    case 'sse':
      return { encode: encodeSse, flush: () => '' }
    case 'ndjson':
      return { encode: encodeNdjson, flush: () => '' }
  }
}

/** Packets in, UTF-8 bytes of the chosen wire format out. */
export function encodePacketStream(format: WireFormat): TransformStream<Packet, Uint8Array> {
  const encoder = createPacketEncoder(format)
  const bytes = new TextEncoder()
  return new TransformStream<Packet, Uint8Array>({
    transform(packet, controller) {
      const text = encoder.encode(packet)
      if (text) controller.enqueue(bytes.encode(text))
    },
    flush(controller) {
      const text = encoder.flush()
      if (text) controller.enqueue(bytes.encode(text))
    },
  })
}
