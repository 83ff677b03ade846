// Token counting with gpt-tokenizer. One encoding ships in the Worker (cl100k_base, the
// catch-all default for models with no known tokenizer): o200k_base alone would add ~1 MB
// compressed to a bundle capped at 3 MiB, and counts differ by a few percent at most.
import { countTokens as countCl100k, decode, encode } from 'gpt-tokenizer/encoding/cl100k_base'

export const DEFAULT_ENCODING = 'cl100k_base'

/** Tokens in `text` under the default encoding (model-agnostic, as seed 003 asks of files). */
export function countTokens(text: string): number {
  if (!text) return 0
  return countCl100k(text, { disallowedSpecial: new Set() })
}

export function encodeTokens(text: string): number[] {
  return encode(text, { disallowedSpecial: new Set() })
}

export function decodeTokens(tokens: number[]): string {
  return decode(tokens)
}

/** Cheap estimate (~4 characters per token) for hot paths where exactness does not matter. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4)
}
