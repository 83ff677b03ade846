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

/** Rewrites markers as text streams in; `sourceCount` sources were numbered 1..sourceCount. */
class StreamingCitationMapper implements CitationMapper {
  readonly #sourceCount: number
  readonly #order: number[] = []
  #pending = ''

  constructor(sourceCount: number) {
    this.#sourceCount = sourceCount
  }

  push(text: string): string {
    this.#pending += text
    return this.#drain(false)
  }

  flush(): string {
    return this.#drain(true)
  }

  cited(): number[] {
    return [...this.#order]
  }

  #renumber(original: number): string {
    if (original < 1 || original > this.#sourceCount) return ''
    let index = this.#order.indexOf(original)
    if (index < 0) index = this.#order.push(original) - 1
    return `[${index + 1}]`
  }

  #rewrite(marker: string): string {
    const markers = marker.split(',').map((n) => this.#renumber(Number(n.trim())))
    return [...new Set(markers.filter(Boolean))].join('')
  }

  /** Emits text up to the first bracket that may still become a marker (all of it when final). */
  #drain(final: boolean): string {
    let out = ''
    for (;;) {
      const open = this.#pending.indexOf('[')
      if (open < 0) break
      out += this.#pending.slice(0, open)
      this.#pending = this.#pending.slice(open)
      const match = MARKER.exec(this.#pending)
      if (match) {
        out += this.#rewrite(match[1] ?? '')
        this.#pending = this.#pending.slice(match[0].length)
        continue
      }
      const mayGrow = PARTIAL.test(this.#pending) && this.#pending.length < MAX_MARKER_CHARS
      if (!final && mayGrow) return out
      out += '['
      this.#pending = this.#pending.slice(1)
    }
    out += this.#pending
    this.#pending = ''
    return out
  }
}

export function createCitationMapper(sourceCount: number): CitationMapper {
  return new StreamingCitationMapper(sourceCount)
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
