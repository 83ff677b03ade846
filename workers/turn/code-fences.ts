// Fenced code in streamed answer text: inside a ``` block, "values[2]" is code, not a
// citation. A splitter feeds only the prose between fences to the marker filter and passes
// code through as written, so code is neither rewritten nor read as citing a source.
import type { MarkerRewriter } from '../grounding'

const FENCE = '```'

export interface SplitText {
  /** Everything safe to emit now: filtered prose and verbatim code, in order. */
  text: string
  /** The filtered prose part of `text` alone (where citations are read). */
  prose: string
}

export interface FenceSplitter {
  push(text: string): SplitText
  flush(): SplitText
}

/** Trailing backticks that may still grow into a fence once more text arrives. */
function heldBack(buffer: string): number {
  const match = /`{1,2}$/.exec(buffer)
  return match ? match[0].length : 0
}

export function createFenceSplitter(filter: MarkerRewriter): FenceSplitter {
  let buffer = ''
  let inCode = false
  const drain = (final: boolean): SplitText => {
    let text = ''
    let prose = ''
    const addProse = (part: string, end: boolean) => {
      const out = filter.push(part) + (end ? filter.flush() : '')
      text += out
      prose += out
    }
    for (;;) {
      const at = buffer.indexOf(FENCE)
      if (at >= 0) {
        // A fence ends the prose: a held-back "[.." before it can no longer become a marker.
        if (inCode) text += buffer.slice(0, at + FENCE.length)
        else {
          addProse(buffer.slice(0, at), true)
          text += FENCE
        }
        buffer = buffer.slice(at + FENCE.length)
        inCode = !inCode
        continue
      }
      const keep = final ? 0 : heldBack(buffer)
      const ready = buffer.slice(0, buffer.length - keep)
      buffer = buffer.slice(buffer.length - keep)
      if (inCode) text += ready
      else addProse(ready, final)
      return { text, prose }
    }
  }
  return {
    push: (text) => {
      buffer += text
      return drain(false)
    },
    flush: () => drain(true),
  }
}
