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

export function createJsonFieldStream(field: string): JsonFieldStream {
  const start = FIELD_START(field)
  let phase: 'seek' | 'inside' | 'done' = 'seek'
  let buffer = ''
  let value = ''

  /** Decodes as much of `buffer` as is complete; keeps a partial escape for later. */
  const decode = (): string => {
    let out = ''
    let i = 0
    while (i < buffer.length) {
      const ch = buffer[i] as string
      if (ch === '"') {
        phase = 'done'
        i = buffer.length
        break
      }
      if (ch !== '\\') {
        out += ch
        i += 1
        continue
      }
      const next = buffer[i + 1]
      if (next === undefined) break
      if (next === 'u') {
        const hex = buffer.slice(i + 2, i + 6)
        if (hex.length < 4) break
        out += /^[0-9a-fA-F]{4}$/.test(hex) ? String.fromCharCode(parseInt(hex, 16)) : ''
        i += 6
        continue
      }
      out += SIMPLE_ESCAPES[next] ?? next
      i += 2
    }
    buffer = buffer.slice(i)
    return out
  }

  return {
    push(chunk) {
      if (phase === 'done') return ''
      buffer += chunk
      if (phase === 'seek') {
        const match = start.exec(buffer)
        if (!match) {
          // Keep only a tail long enough to hold a split `"field": "` opener.
          buffer = buffer.slice(-(field.length + 16))
          return ''
        }
        phase = 'inside'
        buffer = buffer.slice(match.index + match[0].length)
      }
      const text = decode()
      value += text
      return text
    },
    get value() {
      return value
    },
    get isComplete() {
      return phase === 'done'
    },
  }
}
