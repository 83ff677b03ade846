// text/plain stream encoder: tokens as raw text, status/error/done as `[[NAME]] ...` control
// lines. Content lines that could be read as control lines get one extra leading backslash.
import type { Packet } from './packets'

/** A held line-start prefix is still undecided while it could grow into `\*[[`. */
const HOLDABLE = /^\\*\[?$/
/** What a content line must never start with unescaped: backslashes (any) then `[[`. */
const CONTROL_LIKE = /^\\*\[\[$/

/**
 * Every character some client splits lines on: Python's `str.splitlines()` and Unicode's line
 * breaks, not only \n and \r (LF, VT, FF, CR, FS, GS, RS, NEL, LS, PS). Content after any of them
 * starts a line, so its `[[` is escaped for every such client.
 */
const LINE_BREAKS = new Set([
  '\n',
  '\v',
  '\f',
  '\r',
  '\x1c',
  '\x1d',
  '\x1e',
  '\x85',
  '\u2028',
  '\u2029',
])
const LINE_BREAK_RUN = /[\n\v\f\r\x1c-\x1e\x85\u2028\u2029]+/g
/** The line breaks JSON.stringify leaves raw (it escapes those below U+0020). */
const RAW_IN_JSON = /[\x85\u2028\u2029]/g

function isLineBreak(ch: string | undefined): boolean {
  return ch !== undefined && LINE_BREAKS.has(ch)
}

/** JSON for a control line: one line for every client, as valid JSON as before. */
function jsonLine(value: unknown): string {
  return JSON.stringify(value).replace(
    RAW_IN_JSON,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/** Index of the next line break (any of LINE_BREAKS) at or after `from`, or -1. */
export function nextLineBreak(text: string, from: number): number {
  for (let i = from; i < text.length; i++) if (isLineBreak(text[i])) return i
  return -1
}

/** Control lines are single lines: any line break inside a message becomes a space. */
function oneLine(text: string): string {
  return text.replace(LINE_BREAK_RUN, ' ')
}

export class TextPlainEncoder {
  #atLineStart = true
  /** Content held at line start (backslashes, maybe one '['): it may still become `\*[[`. */
  #held = ''

  /** Returns the text to send for one packet ('' for packets text/plain does not carry). */
  encode(packet: Packet): string {
    switch (packet.type) {
      case 'token':
        return this.#content(packet.text)
      case 'status':
        return this.#control(`[[STATUS]] ${oneLine(packet.message)}`)
      case 'error':
        return this.#control(
          `[[ERROR]] ${jsonLine({ code: packet.code, message: packet.message })}`,
        )
      case 'replace':
        return this.#control(`[[REPLACE]] ${jsonLine({ reason: packet.reason })}`)
      case 'done':
        return this.#control(`[[DONE]] ${jsonLine(doneResult(packet))}`)
      default:
        return ''
    }
  }

  /** Text still held back when the stream ends without a done packet. */
  flush(): string {
    const held = this.#held
    this.#held = ''
    if (held) this.#atLineStart = false
    return held
  }

  #content(text: string): string {
    let out = ''
    let i = 0
    while (i < text.length) {
      if (this.#atLineStart) {
        const candidate = this.#held + text[i]
        if (HOLDABLE.test(candidate)) {
          this.#held = candidate
          i++
          continue
        }
        if (CONTROL_LIKE.test(candidate)) {
          // `\*[[` at line start: one more backslash, so it can never read as a control line.
          out += `\\${candidate}`
          i++
        } else {
          out += this.#held
        }
        this.#held = ''
        this.#atLineStart = false
        continue
      }
      const lineBreak = nextLineBreak(text, i)
      if (lineBreak === -1) {
        out += text.slice(i)
        break
      }
      out += text.slice(i, lineBreak + 1)
      i = lineBreak + 1
      this.#atLineStart = true
    }
    return out
  }

  #control(line: string): string {
    const out = this.flush()
    const separator = this.#atLineStart ? '' : '\n'
    this.#atLineStart = true
    return `${out}${separator}${line}\n`
  }
}

/** The JSON on a `[[DONE]]` line: the run's result, with the stopped flag folded in. */
function doneResult(packet: Extract<Packet, { type: 'done' }>): unknown {
  const { result } = packet
  if (!packet.stopped) return result ?? null
  if (typeof result === 'object' && result !== null && !Array.isArray(result)) {
    return { ...result, stopped: true }
  }
  return { result: result ?? null, stopped: true }
}

/** Encodes a whole packet sequence at once (tests, non-streaming callers). */
export function encodeTextPlain(packets: Iterable<Packet>): string {
  const encoder = new TextPlainEncoder()
  let out = ''
  for (const packet of packets) out += encoder.encode(packet)
  return out + encoder.flush()
}
