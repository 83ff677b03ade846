// Repairs the JSON models actually produce: code fences and prose around the value, raw
// newlines/control characters in strings, unescaped inner quotes, trailing commas, smart-quote
// delimiters, and truncation (open strings and brackets are closed, a broken tail is cut).

const SMART_QUOTES = '\u201C\u201D'
const CLOSERS: Record<string, string> = { '{': '}', '[': ']' }
const VALID_ESCAPES = '"\\/bfnrtu'

const NEXT_KEY = /^[ \t]*"[^"\n]{1,64}"\s*:/

/**
 * A quote ends a string when what follows (after spaces) is a JSON separator, the end of the
 * text, a line break, or the next `"key":` (a missing comma); otherwise it is a quote inside
 * the text that the model forgot to escape.
 */
export function endsString(text: string, after: number): boolean {
  for (let i = after; i < text.length; i++) {
    const c = text[i] as string
    if (c === '\n' || c === '\r') return true
    if (c === ' ' || c === '\t') continue
    return ',}]:'.includes(c) || NEXT_KEY.test(text.slice(after, after + 80))
  }
  return true
}

/** A value just ended, so a new string here needs a comma first. */
const needsComma = (out: string) => /["}\]\del]\s*$/.test(out)

function escapeControl(c: string): string {
  if (c === '\n') return '\\n'
  if (c === '\r') return '\\r'
  if (c === '\t') return '\\t'
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
}

/** The body of the first fenced block that holds JSON-looking text, else the text itself. */
export function unfence(text: string): string {
  for (const match of text.matchAll(/```[\w-]*[^\S\n]*\n?([\s\S]*?)(?:```|$)/g)) {
    const body = match[1] ?? ''
    if (/[{[]/.test(body)) return body
  }
  return text
}

interface Cut {
  length: number
  stack: string[]
}

const withoutTrailingComma = (out: string) => out.replace(/[\s,]*$/, '')

const closeAll = (out: string, stack: string[]) =>
  withoutTrailingComma(out) + [...stack].reverse().join('')

function canParse(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

type Quote = '"' | 'smart'

/** One character inside a string: what to emit, extra characters consumed, whether it closed. */
function inString(
  text: string,
  i: number,
  quote: Quote,
): { emit: string; used: number; closes: boolean } {
  const c = text[i] as string
  if (c === '\\') {
    const next = text[i + 1]
    if (next === undefined) return { emit: '', used: 0, closes: false }
    // "\alpha" from LaTeX is not an escape: keep the backslash literally.
    return {
      emit: VALID_ESCAPES.includes(next) ? `\\${next}` : `\\\\${next}`,
      used: 1,
      closes: false,
    }
  }
  const closes = quote === '"' ? c === '"' && endsString(text, i + 1) : SMART_QUOTES.includes(c)
  if (closes) return { emit: '"', used: 0, closes: true }
  if (c === '"') return { emit: '\\"', used: 0, closes: false }
  return { emit: c < ' ' ? escapeControl(c) : c, used: 0, closes: false }
}

/** The repaired text of the JSON value that starts at `start` (a '{' or '['). */
export function repairFrom(text: string, start: number): string {
  let out = ''
  const stack: string[] = []
  let cut: Cut = { length: 0, stack: [] }
  let quote: Quote | null = null
  for (let i = start; i < text.length; i++) {
    const c = text[i] as string
    if (quote) {
      const step = inString(text, i, quote)
      out += step.emit
      i += step.used
      if (step.closes) quote = null
    } else if (c === '"' || SMART_QUOTES.includes(c)) {
      quote = c === '"' ? '"' : 'smart'
      out += needsComma(out) ? ',"' : '"'
    } else if (c === '{' || c === '[') {
      stack.push(CLOSERS[c] as string)
      out += c
      cut = { length: out.length, stack: [...stack] }
    } else if (c === '}' || c === ']') {
      if (!stack.includes(c)) continue // a stray closer
      while (stack.length) {
        const closer = stack.pop() as string
        out = withoutTrailingComma(out) + closer
        if (closer === c) break
      }
      if (stack.length === 0) return out
    } else {
      if (c === ',') cut = { length: out.length, stack: [...stack] }
      out += c
    }
  }
  // Truncated: close what is open; if the tail is still broken, fall back to the last clean cut.
  const closed = closeAll(quote ? `${out}"` : out, stack)
  return canParse(closed) ? closed : closeAll(out.slice(0, cut.length), cut.stack)
}

/** Repaired candidates, one per plausible start of the value (prose may hold stray braces). */
export function* repairCandidates(text: string, maxStarts = 8): Generator<string> {
  const body = unfence(text)
  let starts = 0
  for (let i = 0; i < body.length && starts < maxStarts; i++) {
    const c = body[i]
    if (c !== '{' && c !== '[') continue
    starts += 1
    yield repairFrom(body, i)
  }
}
