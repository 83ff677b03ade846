// Holds back the start of a streamed answer until it is clear whether the model is writing
// the "no relevant sources" sentinel (then nothing is shown) or an answer (then all of it is).

export interface SentinelGate {
  /** Feeds model text; returns what may be shown now. */
  push(text: string): string
  /** The end of the reply: whatever is still held back, unless it was the sentinel. */
  flush(): string
  /** True once the reply is known to open with the sentinel. */
  readonly matched: boolean
}

export function createSentinelGate(sentinel: string): SentinelGate {
  let held = ''
  let open = false
  let matched = false
  const release = () => {
    open = true
    const out = held
    held = ''
    return out
  }
  return {
    push(text) {
      if (open) return text
      if (matched) return ''
      held += text
      const start = held.trimStart()
      if (start.length >= sentinel.length) {
        if (!start.startsWith(sentinel)) return release()
        matched = true
        return ''
      }
      // Still a possible prefix of the sentinel: keep holding (at most its length).
      return sentinel.startsWith(start) ? '' : release()
    },
    flush() {
      return matched ? '' : release()
    },
    get matched() {
      return matched
    },
  }
}
