// Word counts of a text, the same words as wordTokens but without building the token list:
// a character scan that tests ASCII by code and other characters once each against the
// word classes. Scoring a recall pool tokenizes hundreds of chunks per query.
import { foldText } from './tokens'

const WORD_CHAR = /^[\p{L}\p{N}\p{Co}]$/u
const nonAscii = new Map<number, boolean>()

function isWordChar(code: number): boolean {
  if (code < 0x80)
    return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90)
  let known = nonAscii.get(code)
  if (known === undefined) {
    known = WORD_CHAR.test(String.fromCodePoint(code))
    if (nonAscii.size < 10_000) nonAscii.set(code, known)
  }
  return known
}

export interface WordCounts {
  /** Number of words (with repeats). */
  length: number
  counts: Map<string, number>
}

const ASCII_WORD = /[a-z0-9]+/g

export function wordCounts(text: string): WordCounts {
  const folded = foldText(text)
  const counts = new Map<string, number>()
  if (!/[\u0080-\uffff]/.test(folded)) {
    const tokens = folded.match(ASCII_WORD) ?? []
    for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1)
    return { length: tokens.length, counts }
  }
  let length = 0
  let start = -1
  let i = 0
  while (i <= folded.length) {
    const code = i < folded.length ? (folded.codePointAt(i) ?? 0) : -1
    const word = code >= 0 && isWordChar(code)
    if (word && start < 0) start = i
    if (!word && start >= 0) {
      const token = folded.slice(start, i)
      counts.set(token, (counts.get(token) ?? 0) + 1)
      length++
      start = -1
    }
    i += code > 0xffff ? 2 : 1
  }
  return { length, counts }
}
