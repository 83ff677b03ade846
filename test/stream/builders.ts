// Packet builders for stream tests.
import type { Packet, SourceRef } from '../../workers/stream'

export const token = (text: string, turn = 0): Packet => ({ type: 'token', text, turn_index: turn })
export const status = (message: string): Packet => ({ type: 'status', message, turn_index: 0 })
export const reasoning = (text: string): Packet => ({ type: 'reasoning', text, turn_index: 0 })
export const done = (result: unknown, stopped?: boolean): Packet => ({
  type: 'done',
  result,
  turn_index: 0,
  ...(stopped === undefined ? {} : { stopped }),
})
export const replace = (reason: string): Packet => ({ type: 'replace', reason, turn_index: 0 })
export const failure = (code: string, message: string): Packet => ({
  type: 'error',
  code,
  message,
  turn_index: 0,
})
export const sources = (refs: SourceRef[]): Packet => ({
  type: 'sources',
  sources: refs,
  turn_index: 0,
})

export function source(number: number, overrides: Partial<SourceRef> = {}): SourceRef {
  return { number, title: `Source ${number}`, url: `https://example.org/${number}`, ...overrides }
}
