// Inverse of the text/plain encoder: splits a byte-free text stream back into content text
// and control lines, undoing the one-backslash escape. For clients, tests and the e2e suite.
import { nextLineBreak } from './text-plain-encoder'

export type TextPlainEvent =
  | { type: 'text'; text: string }
  | { type: 'status'; message: string }
  | { type: 'error'; error: unknown }
  /** The answer text received so far is withdrawn; what follows replaces it. */
  | { type: 'replace'; reason: string }
  | { type: 'done'; result: unknown }

const HOLDABLE = /^\\*\[?$/
const CONTROL_LINE = /^\[\[([A-Z]+)\]\] ?(.*)$/s

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

function reasonOf(value: unknown): string {
  if (typeof value === 'object' && value !== null && 'reason' in value) return String(value.reason)
  return ''
}

function parseControl(line: string): TextPlainEvent | null {
  const match = CONTROL_LINE.exec(line.replace(/\r$/, ''))
  if (!match) return null
  const [, name, payload = ''] = match
  if (name === 'STATUS') return { type: 'status', message: payload }
  if (name === 'DONE') return { type: 'done', result: parseJson(payload) }
  if (name === 'ERROR') return { type: 'error', error: parseJson(payload) }
  if (name === 'REPLACE') return { type: 'replace', reason: reasonOf(parseJson(payload)) }
  return null // an unknown control line from a newer server: skip it
}

export class TextPlainDecoder {
  #atLineStart = true
  #held = ''
  /** The control line being read (it starts with `[[`), until its '\n'. */
  #control: string | null = null
  #events: TextPlainEvent[] = []

  push(chunk: string): TextPlainEvent[] {
    let i = 0
    while (i < chunk.length) {
      if (this.#control !== null) i = this.#readControl(chunk, i)
      else if (this.#atLineStart) i = this.#readLineStart(chunk, i)
      else i = this.#readContent(chunk, i)
    }
    return this.#take()
  }

  end(): TextPlainEvent[] {
    if (this.#control !== null) this.#finishControl()
    this.#text(this.#held)
    this.#held = ''
    return this.#take()
  }

  #readControl(chunk: string, i: number): number {
    const newline = chunk.indexOf('\n', i)
    this.#control += newline === -1 ? chunk.slice(i) : chunk.slice(i, newline)
    if (newline === -1) return chunk.length
    this.#finishControl()
    return newline + 1
  }

  #finishControl(): void {
    const event = parseControl(this.#control ?? '')
    if (event) this.#events.push(event)
    this.#control = null
    this.#atLineStart = true
  }

  #readLineStart(chunk: string, i: number): number {
    const candidate = this.#held + chunk[i]
    if (HOLDABLE.test(candidate)) {
      this.#held = candidate
      return i + 1
    }
    this.#held = ''
    if (candidate === '[[') {
      this.#control = '[['
      return i + 1
    }
    this.#atLineStart = false
    if (candidate.endsWith('[[')) {
      this.#text(candidate.slice(1)) // escaped content: drop the one added backslash
      return i + 1
    }
    this.#text(candidate.slice(0, -1))
    return i
  }

  #readContent(chunk: string, i: number): number {
    const lineBreak = nextLineBreak(chunk, i)
    const end = lineBreak === -1 ? chunk.length : lineBreak + 1
    this.#text(chunk.slice(i, end))
    if (lineBreak !== -1) this.#atLineStart = true
    return end
  }

  #text(text: string): void {
    if (!text) return
    const last = this.#events.at(-1)
    if (last?.type === 'text') last.text += text
    else this.#events.push({ type: 'text', text })
  }

  #take(): TextPlainEvent[] {
    const events = this.#events
    this.#events = []
    return events
  }
}

/** Decodes a complete text/plain body at once. */
export function decodeTextPlain(body: string): TextPlainEvent[] {
  const decoder = new TextPlainDecoder()
  const events = [...decoder.push(body), ...decoder.end()]
  return events.reduce<TextPlainEvent[]>((merged, event) => {
    const last = merged.at(-1)
    if (last?.type === 'text' && event.type === 'text') last.text += event.text
    else merged.push(event)
    return merged
  }, [])
}
