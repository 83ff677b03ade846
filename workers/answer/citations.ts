// The citation check: every [n] in an answer must name a provided source. Markers are
// rewritten as text arrives (so streamed tokens equal the final answer): unknown numbers are
// dropped and known ones renumbered densely in order of first appearance.

/** "[2]", "[1, 3]" or "[1][2]": one bracket of comma-separated numbers. */
const MARKER = /^\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/
/** A prefix that may still become a marker once more text arrives. */
const PARTIAL = /^\[[\d,\s]*$/
const MAX_MARKER_CHARS = 24

export interface CitationMapper {
  /** Feeds answer text; returns the rewritten text that is safe to emit now. */
  push(text: string): string
  /** Ends the answer: returns any held-back text. */
  flush(): string
  /** Original source numbers in their new order: cited()[0] is now [1]. */
  cited(): number[]
}

/** `sourceCount` sources were provided, numbered 1..sourceCount in the prompt. */
export function createCitationMapper(sourceCount: number): CitationMapper {
  const order: number[] = []
  let pending = ''

  const renumber = (original: number): string => {
    if (original < 1 || original > sourceCount) return ''
    let index = order.indexOf(original)
    if (index < 0) index = order.push(original) - 1
    return `[${index + 1}]`
  }

  const rewrite = (marker: string): string => {
    const numbers = marker.split(',').map((n) => Number(n.trim()))
    const seen = new Set<string>()
    return numbers
      .map(renumber)
      .filter((m) => m && !seen.has(m) && seen.add(m))
      .join('')
  }

  const drain = (final: boolean): string => {
    let out = ''
    for (;;) {
      const open = pending.indexOf('[')
      if (open < 0) {
        out += pending
        pending = ''
        return out
      }
      out += pending.slice(0, open)
      pending = pending.slice(open)
      const match = MARKER.exec(pending)
      if (match) {
        out += rewrite(match[1] ?? '')
        pending = pending.slice(match[0].length)
        continue
      }
      if (!final && PARTIAL.test(pending) && pending.length < MAX_MARKER_CHARS) return out
      out += '['
      pending = pending.slice(1)
    }
  }

  return {
    push: (text) => {
      pending += text
      return drain(false)
    },
    flush: () => drain(true),
    cited: () => [...order],
  }
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
