// Server-sent events encoder: one event per packet, named after the packet type. JSON.stringify
// escapes line breaks inside strings, so a data line can never be split by content.
import type { Packet } from './packets'

export function encodeSse(packet: Packet): string {
  return `event: ${packet.type}\ndata: ${JSON.stringify(packet)}\n\n`
}

/** A comment line: keeps idle connections open through proxies; clients ignore it. */
export function sseComment(text = 'keep-alive'): string {
  return `: ${text.replace(/[\r\n]+/g, ' ')}\n\n`
}
