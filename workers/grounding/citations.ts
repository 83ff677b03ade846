// Citation markers, the one definition: "[2]", "[1, 3]", "[1][2]". Answers are rewritten as
// text arrives (so streamed tokens equal the saved answer): a marker that names no source is
// dropped; the answer engine also renumbers densely in order of first citation.

/** One bracket of comma-separated numbers, anchored (for the streaming scanner). */
const MARKER = /^\[(\d{1,4}(?:\s*,\s*\d{1,4})*)\]/
/** A prefix that may still become a marker once more text arrives. */
const PARTIAL = /^\[[\d,\s]*$/
const MAX_MARKER_CHARS = 24
/** Reference markers as source texts write them: "[12]", "[3, 42]", "[3-5]", "[3–5]". */
const SOURCE_MARKER = /\s*\[\s*\d{1,4}(?:\s*[,–-]\s*\d{1,4})*\s*\]/g

/** Every complete marker of a text, anywhere in it. */
const ANY_MARKER = /\[(\d{1,4}(?:\s*,\s*\d{1,4})*)\]/g

/** The numbers a text's markers cite, in order of appearance (repeats kept). */
export function citedNumbers(text: string): number[] {
  return [...text.matchAll(ANY_MARKER)].flatMap((m) => parseMarker(m[1] ?? ''))
}

/** Where one marker stands: [start, end) in UTF-16 code units (String#slice), and what it cites. */
export interface MarkerSpan {
  start: number
  end: number
  numbers: number[]
}

/** Every complete marker of a text with its position, in order of appearance. */
export function markerSpans(text: string): MarkerSpan[] {
  return [...text.matchAll(ANY_MARKER)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    numbers: parseMarker(m[1] ?? ''),
  }))
}

/** A text without our citation markers (e.g. an earlier answer reused as context). */
export function stripCitationMarkers(text: string): string {
  return text.replace(ANY_MARKER, '')
}

/** The numbers one marker's inside names ("1, 3" -> [1, 3]). */
export function parseMarker(inside: string): number[] {
  return inside.split(',').map((n) => Number(n.trim()))
}

/** Maps a cited number to the marker text to write instead ('' drops it). */
export type MarkerRewrite = (number: number) => string

export interface MarkerRewriter {
  /** Feeds answer text; returns the rewritten text that is safe to emit now. */
  push(text: string): string
  /** Ends the answer: returns any held-back text. */
  flush(): string
}

/** Rewrites every complete marker as text streams in, holding back a marker still open. */
export function createMarkerRewriter(rewrite: MarkerRewrite): MarkerRewriter {
  let pending = ''
  const rewriteMarker = (inside: string) =>
    [...new Set(parseMarker(inside).map(rewrite).filter(Boolean))].join('')
  const drain = (final: boolean): string => {
    let out = ''
    for (;;) {
      const open = pending.indexOf('[')
      if (open < 0) break
      out += pending.slice(0, open)
      pending = pending.slice(open)
      const match = MARKER.exec(pending)
      if (match) {
        out += rewriteMarker(match[1] ?? '')
        pending = pending.slice(match[0].length)
        continue
      }
      const mayGrow = PARTIAL.test(pending) && pending.length < MAX_MARKER_CHARS
      if (!final && mayGrow) return out
      out += '['
      pending = pending.slice(1)
    }
    out += pending
    pending = ''
    return out
  }
  return {
    push: (text) => {
      pending += text
      return drain(false)
    },
    flush: () => drain(true),
  }
}

export interface CitationMapper extends MarkerRewriter {
  /** Original source numbers in their new order: cited()[0] is now [1]. */
  cited(): number[]
}

/** Renumbers markers densely in order of first citation; `sourceCount` sources were 1..n. */
export function createCitationMapper(sourceCount: number): CitationMapper {
  const order: number[] = []
  const rewriter = createMarkerRewriter((original) => {
    if (original < 1 || original > sourceCount) return ''
    let index = order.indexOf(original)
    if (index < 0) index = order.push(original) - 1
    return `[${index + 1}]`
  })
  return { ...rewriter, cited: () => [...order] }
}

/** Keeps markers whose number `resolves`, drops the rest (numbers are not changed). */
export function createMarkerFilter(resolves: (number: number) => boolean): MarkerRewriter {
  return createMarkerRewriter((n) => (resolves(n) ? `[${n}]` : ''))
}

/** Whole-text form of the check, for answers that did not stream. */
export function checkCitations(
  answer: string,
  sourceCount: number,
): { answer: string; cited: number[] } {
  const mapper = createCitationMapper(sourceCount)
  const text = mapper.push(answer) + mapper.flush()
  return { answer: tidyAnswer(text), cited: mapper.cited() }
}

/** Removes the gaps a dropped marker leaves ("word [9]." -> "word."). */
export function tidyAnswer(text: string): string {
  return text
    .replace(/[ \t]+([.,;:!?])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .trim()
}

/**
 * Source text without its own reference markers: "[12]" in a retrieved passage is the
 * source's bibliography, and would read as one of our citations if it reached an answer.
 */
export function stripReferenceMarkers(text: string): string {
  return text
    .replace(SOURCE_MARKER, '')
    .replace(/\[\[/g, '[')
    .replace(/[ \t]+([.,;:!?)])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ')
}
