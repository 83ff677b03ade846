// Surfaces one string field of a JSON object while the model is still writing it, so the
// synthesis can ask for structured output ({answer, citations}) and still stream the answer.

const FIELD_START = (field: string) => new RegExp(`"${field}"\\s*:\\s*"`)
const SIMPLE_ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
}

export interface JsonFieldStream {
  /** Feeds raw model output; returns newly decoded characters of the field's value. */
  push(chunk: string): string
  /** Everything decoded so far. */
  readonly value: string
  readonly isComplete: boolean
}

/** One escape at buffer[i] ('\\'): its text and length, or null while it is incomplete. */
function readEscape(buffer: string, i: number): { text: string; length: number } | null {
  const next = buffer[i + 1]
  if (next === undefined) return null
  if (next !== 'u') return { text: SIMPLE_ESCAPES[next] ?? next, length: 2 }
  const hex = buffer.slice(i + 2, i + 6)
  if (hex.length < 4) return null
  const text = /^[0-9a-fA-F]{4}$/.test(hex) ? String.fromCharCode(parseInt(hex, 16)) : ''
  return { text, length: 6 }
}

class FieldStream implements JsonFieldStream {
  readonly #start: RegExp
  readonly #field: string
  #phase: 'seek' | 'inside' | 'done' = 'seek'
  #buffer = ''
  #value = ''

  constructor(field: string) {
    this.#field = field
    this.#start = FIELD_START(field)
  }

  get value(): string {
    return this.#value
  }

  get isComplete(): boolean {
    return this.#phase === 'done'
  }

  push(chunk: string): string {
    if (this.#phase === 'done') return ''
    this.#buffer += chunk
    if (this.#phase === 'seek' && !this.#seek()) return ''
    const text = this.#decode()
    this.#value += text
    return text
  }

  /** Finds the field's opening quote; keeps only a tail that could hold a split opener. */
  #seek(): boolean {
    const match = this.#start.exec(this.#buffer)
    if (!match) {
      this.#buffer = this.#buffer.slice(-(this.#field.length + 16))
      return false
    }
    this.#phase = 'inside'
    this.#buffer = this.#buffer.slice(match.index + match[0].length)
    return true
  }

  /** Decodes as much of the buffer as is complete; keeps a partial escape for later. */
  #decode(): string {
    let out = ''
    let i = 0
    while (i < this.#buffer.length) {
      const ch = this.#buffer[i] as string
      if (ch === '"') {
        this.#phase = 'done'
        this.#buffer = ''
        return out
      }
      if (ch !== '\\') {
        out += ch
        i += 1
        continue
      }
      const escape = readEscape(this.#buffer, i)
      if (!escape) break
      out += escape.text
      i += escape.length
    }
    this.#buffer = this.#buffer.slice(i)
    return out
  }
}

export function createJsonFieldStream(field: string): JsonFieldStream {
  return new FieldStream(field)
}
