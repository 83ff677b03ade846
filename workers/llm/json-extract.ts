// Last-resort field extraction (seed 000 step 11): pulls named string, array, number and
// boolean fields out of text that no repair can parse, one regex-anchored field at a time.
import { repairFrom } from './json-repair'

export type FieldKind = 'string' | 'array' | 'number' | 'boolean' | 'other'

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' }

const NEXT_KEY = /^[ \t]*"[^"\n]{1,64}"\s*:/

/**
 * A quote ends a string when what follows (after spaces) is a JSON separator, the end of the
 * text, a line break, or the next `"key":` (a missing comma); otherwise it is a quote inside
 * the text that the model forgot to escape.
 */
function endsString(text: string, after: number): boolean {
  for (let i = after; i < text.length; i++) {
    const c = text[i] as string
    if (c === '\n' || c === '\r') return true
    if (c === ' ' || c === '\t') continue
    return ',}]:'.includes(c) || NEXT_KEY.test(text.slice(after, after + 80))
  }
  return true
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** `"name":` (quotes optional, smart quotes allowed) followed by the start of its value. */
function fieldStart(text: string, name: string, valueStart: string): RegExpExecArray | null {
  const q = `["'\u201C\u201D]?`
  return new RegExp(`${q}${escapeRegex(name)}${q}\\s*:\\s*(${valueStart})`).exec(text)
}

/** Decodes a JSON string body leniently: unknown escapes keep their character. */
function decodeBody(body: string): string {
  return body.replace(/\\(u[0-9a-fA-F]{4}|.)/gs, (_m, e: string) =>
    e.length === 5 ? String.fromCharCode(parseInt(e.slice(1), 16)) : (SIMPLE_ESCAPES[e] ?? e),
  )
}

export function extractString(text: string, name: string): string | undefined {
  const match = fieldStart(text, name, '["\u201C\u201D]')
  if (!match) return undefined
  const smart = match[1] !== '"'
  let i = match.index + match[0].length
  let body = ''
  for (; i < text.length; i++) {
    const c = text[i] as string
    if (c === '\\' && i + 1 < text.length) {
      body += c + text[i + 1]
      i += 1
    } else if (smart ? '\u201C\u201D'.includes(c) : c === '"' && endsString(text, i + 1)) break
    else body += c
  }
  return decodeBody(body)
}

export function extractArray(text: string, name: string): unknown[] | undefined {
  const match = fieldStart(text, name, '\\[')
  if (!match) return undefined
  const start = match.index + match[0].length - 1
  const repaired = repairFrom(text, start)
  const value: unknown = repaired === null ? null : JSON.parse(repaired)
  if (Array.isArray(value)) return value
  const region = text.slice(start, text.indexOf(']', start) + 1 || undefined)
  return [...region.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => decodeBody(m[1] ?? ''))
}

function extractScalar(text: string, name: string, kind: 'number' | 'boolean'): unknown {
  const pattern = kind === 'number' ? '-?\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?' : 'true|false'
  const match = fieldStart(text, name, pattern)
  if (!match?.[1]) return undefined
  return kind === 'number' ? Number(match[1]) : match[1] === 'true'
}

/** The fields found in `text`, by kind; fields of kind 'other' are not attempted. */
export function extractFields(
  text: string,
  kinds: Record<string, FieldKind>,
): Record<string, unknown> {
  const found: Record<string, unknown> = {}
  for (const [name, kind] of Object.entries(kinds)) {
    let value: unknown
    if (kind === 'string') value = extractString(text, name)
    else if (kind === 'array') value = extractArray(text, name)
    else if (kind === 'number' || kind === 'boolean') value = extractScalar(text, name, kind)
    if (value !== undefined) found[name] = value
  }
  return found
}
