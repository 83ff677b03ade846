// Wrangler's start-up notices about bindings the configuration does not use. Every `wrangler dev`
// warns that the AI binding "may incur usage charges" and that Vectorize "does not support local
// development"; while Quire is set to use neither, both are noise that reads like a fault, so
// `npm start` drops them and says once why. A configuration that uses a binding keeps its notice.
import type { Config } from '../workers/config'

interface BindingNotice {
  /** The binding, as the one line printed instead names it. */
  binding: string
  /** Where wrangler's notice about it starts (its text, colours aside). */
  pattern: RegExp
  /** True when this configuration uses the binding (then its notice is shown). */
  isUsed: (config: Config) => boolean
  /** The settings that would use it. */
  usedBy: string
}

export const BINDING_NOTICES: readonly BindingNotice[] = [
  {
    binding: 'AI',
    pattern: /AI bindings always access remote resources/,
    isUsed: (c) => c.llm.provider === 'workers-ai' || c.embeddings.provider === 'workers-ai',
    usedBy: 'LLM_PROVIDER or EMBEDDINGS_PROVIDER=workers-ai',
  },
  {
    binding: 'Vectorize',
    pattern: /Vectorize Index bindings do not support local development/,
    isUsed: (c) => c.vectorStore === 'vectorize',
    usedBy: 'VECTOR_STORE=vectorize',
  },
]

// eslint-disable-next-line no-control-regex -- ANSI colour codes are control characters
const ANSI = /\x1b\[[0-9;]*m/g

/**
 * A line filter for wrangler's output: drops the notices of unused bindings (and the blank lines
 * after them) and returns, once, the line that says why, in place of the first one dropped.
 */
export function createNoticeFilter(config: Config): (line: string) => string[] {
  const hidden = BINDING_NOTICES.filter((n) => !n.isUsed(config))
  let explained = false
  let afterDropped = false
  return (line) => {
    const plain = line.replace(ANSI, '')
    if (afterDropped && plain.trim() === '') return []
    afterDropped = false
    if (!hidden.some((n) => n.pattern.test(plain))) return [line]
    afterDropped = true
    if (explained) return []
    explained = true
    const names = hidden.map((n) => n.binding).join(' and ')
    const uses = hidden.map((n) => n.usedBy).join('; ')
    const unused = hidden.length === 1 ? 'does not use it' : 'uses neither'
    return [
      `• wrangler's notices about the ${names} bindings are not shown: this configuration ${unused}, so nothing is charged or missing (${uses} would)`,
    ]
  }
}
