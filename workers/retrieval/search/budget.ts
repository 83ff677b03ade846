// Token budget (seed 004): when the chunks' text exceeds the budget (default 18,000 tokens),
// every chunk is cut in proportion to its length, at a word boundary, so each keeps its share.
import { countTokens, decodeTokens, encodeTokens } from '../../llm'

export const DEFAULT_TOKEN_BUDGET = 18_000

/** Cuts `text` to at most `tokens` tokens, ending on a whole word with an ellipsis. */
export function truncateToTokens(text: string, tokens: number): string {
  const encoded = encodeTokens(text)
  if (encoded.length <= tokens) return text
  if (tokens <= 0) return ''
  const cut = decodeTokens(encoded.slice(0, tokens))
  const lastSpace = cut.search(/\s\S*$/)
  const whole = lastSpace > cut.length / 2 ? cut.slice(0, lastSpace) : cut
  return `${whole.trimEnd()}…`
}

/** `storedSize` gives a chunk's token count when it is already known (counted at indexing). */
export function fitTokenBudget<T extends { content: string }>(
  chunks: readonly T[],
  budget: number,
  storedSize: (chunk: T) => number | undefined = () => undefined,
): T[] {
  const sizes = chunks.map((c) => storedSize(c) ?? countTokens(c.content))
  const total = sizes.reduce((a, b) => a + b, 0)
  if (total <= budget) return [...chunks]
  const ratio = Math.max(0, budget) / total
  return chunks.map((chunk, i) => {
    // Leave room for the ellipsis token so the cut chunk still fits its share.
    const share = Math.max(0, Math.floor((sizes[i] ?? 0) * ratio) - 1)
    return { ...chunk, content: truncateToTokens(chunk.content, share) }
  })
}
