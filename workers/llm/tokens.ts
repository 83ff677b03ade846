// Token counting with gpt-tokenizer. One encoding ships in the Worker (cl100k_base, the
// catch-all default for models with no known tokenizer): o200k_base alone would add ~1 MB
// compressed to a bundle capped at 3 MiB, and counts differ by a few percent at most.
import { countTokens as countCl100k, decode, encode } from 'gpt-tokenizer/encoding/cl100k_base'

export const DEFAULT_ENCODING = 'cl100k_base'

/**
 * BPE is super-linear in the length of one pre-token: a 40,000-character run with no space
 * (one repeated letter, or CJK text) took 1.7–9 s to count. Runs longer than this are cut
 * into pieces of this size first, so counting stays linear; a real token never spans it.
 */
export const MAX_RUN_CHARS = 128
const LONG_RUN = new RegExp(`\\S{${MAX_RUN_CHARS + 1},}`, 'u')
const NO_SPECIALS = { disallowedSpecial: new Set<string>() }

/** `text` as pieces none of which holds a non-space run over MAX_RUN_CHARS. */
function boundedPieces(text: string): string[] {
  if (!LONG_RUN.test(text)) return [text]
  const pieces: string[] = []
  let from = 0
  // A fresh global copy: matchAll would start from a shared regex's lastIndex.
  for (const match of text.matchAll(new RegExp(LONG_RUN.source, 'gu'))) {
    if (match.index > from) pieces.push(text.slice(from, match.index))
    const run = [...match[0]] // code points: never split a surrogate pair
    for (let i = 0; i < run.length; i += MAX_RUN_CHARS) {
      pieces.push(run.slice(i, i + MAX_RUN_CHARS).join(''))
    }
    from = match.index + match[0].length
  }
  if (from < text.length) pieces.push(text.slice(from))
  return pieces
}

/** Tokens in `text` under the default encoding (model-agnostic, as seed 003 asks of files). */
export function countTokens(text: string): number {
  if (!text) return 0
  let total = 0
  for (const piece of boundedPieces(text)) total += countCl100k(piece, NO_SPECIALS)
  return total
}

export function encodeTokens(text: string): number[] {
  return boundedPieces(text).flatMap((piece) => encode(piece, NO_SPECIALS))
}

export function decodeTokens(tokens: number[]): string {
  return decode(tokens)
}

/** Cheap estimate (~4 characters per token) for hot paths where exactness does not matter. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4)
}
