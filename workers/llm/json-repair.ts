// Repairs the JSON models actually produce, with `jsonrepair` doing the repairing. This file only
// finds where the value sits (code fences, prose around it, stray braces) and adds what
// jsonrepair does differently from model output: LaTeX backslashes and broken truncated tails.
import { jsonrepair } from 'jsonrepair'

const VALID_ESCAPES = '"\\/bfnrtu'
const SMART_QUOTES = '\u201C\u201D'

/** The body of the first fenced block that holds JSON-looking text, else the text itself. */
export function unfence(text: string): string {
  for (const match of text.matchAll(/```[\w-]*[^\S\n]*\n?([\s\S]*?)(?:```|$)/g)) {
    const body = match[1] ?? ''
    if (/[{[]/.test(body)) return body
  }
  return text
}

/**
 * jsonrepair drops unknown escapes ("\alpha" -> "alpha"); models writing LaTeX mean the
 * backslash literally, so it is doubled first. Control characters other than line breaks and
 * tabs are escaped because jsonrepair rejects them.
 */
function prepare(text: string): string {
  return text
    .replace(/\\(.?)/gs, (_m, next: string) =>
      next !== '' && VALID_ESCAPES.includes(next) ? `\\${next}` : `\\\\${next}`,
    )
    .replace(/\p{Cc}/gu, (c) =>
      c >= ' ' || '\n\r\t'.includes(c) ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    )
}

interface Span {
  /** End (exclusive) of the balanced value, or the text's end when it was truncated. */
  end: number
  truncated: boolean
  /** Where a broken bare tail starts in a truncated value (after the last separator). */
  tailStart: number | null
}

/** Scans a value that starts at `start`, respecting strings, to its matching closer. */
function spanOf(text: string, start: number): Span {
  let depth = 0
  let quote: string | null = null
  let lastSeparator = start
  for (let i = start; i < text.length; i++) {
    const c = text[i] as string
    if (quote) {
      if (c === '\\') i += 1
      else if (c === quote || (quote !== '"' && SMART_QUOTES.includes(c))) quote = null
    } else if (c === '"' || SMART_QUOTES.includes(c)) quote = c
    else if (c === '{' || c === '[') depth += 1
    else if (c === '}' || c === ']') {
      depth -= 1
      if (depth === 0) return { end: i + 1, truncated: false, tailStart: null }
    }
    if (!quote && ',{[:'.includes(c)) lastSeparator = i
  }
  const tail = text.slice(lastSeparator + 1).trim()
  // A bare word cut mid-way ("tru", "nul", an unquoted fragment) is noise, not a value.
  const broken = !quote && /^[A-Za-z_]/.test(tail) && !/^(true|false|null)$/.test(tail)
  return { end: text.length, truncated: true, tailStart: broken ? lastSeparator : null }
}

function tryRepair(text: string): string | null {
  try {
    const repaired = jsonrepair(text)
    JSON.parse(repaired)
    return repaired
  } catch {
    return null
  }
}

/** The repaired text of the JSON value that starts at `start` (a '{' or '['), or null. */
export function repairFrom(text: string, start: number): string | null {
  const span = spanOf(text, start)
  const repaired = tryRepair(prepare(text.slice(start, span.tailStart ?? span.end)))
  // An odd unescaped quote can fool the scan; then jsonrepair gets the whole rest to judge.
  return repaired ?? (span.truncated ? null : tryRepair(prepare(text.slice(start))))
}

/** Repaired candidates, one per plausible start of the value (prose may hold stray braces). */
export function* repairCandidates(text: string, maxStarts = 8): Generator<string> {
  const body = unfence(text)
  let starts = 0
  for (let i = 0; i < body.length && starts < maxStarts; i++) {
    const c = body[i]
    if (c !== '{' && c !== '[') continue
    starts += 1
    const repaired = repairFrom(body, i)
    if (repaired !== null) yield repaired
  }
}
