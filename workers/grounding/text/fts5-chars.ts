// How FTS5's unicode61 tokenizer (remove_diacritics 2) reads each code point, from the table
// generated out of FTS5 itself (fts5-fold-data.ts): a separator, a diacritic dropped from the
// word, or a word character and the character it folds to. Above the BMP (not in the table)
// letters, numbers and private-use characters are word characters, lower-cased.
import { FOLDS, RUNS } from './fts5-fold-data'

export const SEPARATOR = 0
export const DIACRITIC = 1
export const WORD_CHAR = 2
export type CharKind = typeof SEPARATOR | typeof DIACRITIC | typeof WORD_CHAR

const KIND_OF_LETTER: Record<string, CharKind> = { s: SEPARATOR, d: DIACRITIC, t: WORD_CHAR }
const ASCII_WORD = /[A-Za-z0-9]/
const ASTRAL_WORD = /[\p{L}\p{N}\p{Co}]/u

let kinds: Uint8Array | null = null
let folds: Map<number, number> | null = null

function kindsTable(): Uint8Array {
  if (kinds) return kinds
  const table = new Uint8Array(0x10000)
  for (let cp = 0; cp < 0x80; cp++)
    table[cp] = ASCII_WORD.test(String.fromCharCode(cp)) ? WORD_CHAR : SEPARATOR
  const runs = RUNS.split(' ').map((run) => ({
    kind: KIND_OF_LETTER[run[0] as string] ?? SEPARATOR,
    start: parseInt(run.slice(1), 36),
  }))
  runs.forEach((run, i) => table.fill(run.kind, run.start, runs[i + 1]?.start ?? 0x10000))
  kinds = table
  return table
}

function foldTable(): Map<number, number> {
  if (folds) return folds
  folds = new Map(
    FOLDS.split(' ').map((pair) => {
      const [from = '', to = ''] = pair.split(':')
      return [parseInt(from, 36), parseInt(to, 36)] as const
    }),
  )
  return folds
}

/** Whether FTS5 reads the code point as part of a word, drops it, or splits there. */
export function charKind(cp: number): CharKind {
  if (cp > 0xffff) return ASTRAL_WORD.test(String.fromCodePoint(cp)) ? WORD_CHAR : SEPARATOR
  return (kindsTable()[cp] ?? SEPARATOR) as CharKind
}

/** The character a word character folds to, as FTS5 stores it (lower case, no diacritic). */
export function foldChar(cp: number): string {
  const folded = cp <= 0xffff ? foldTable().get(cp) : undefined
  return folded === undefined
    ? String.fromCodePoint(cp).toLowerCase()
    : String.fromCodePoint(folded)
}

/**
 * The character a word character becomes with its diacritic removed but its case kept (for
 * rules that read capitals): the fold, upper-cased again when the character was upper case.
 */
export function foldCharKeepingCase(cp: number): string {
  const char = String.fromCodePoint(cp)
  const folded = foldChar(cp)
  if (folded === char.toLowerCase()) return char
  return char !== char.toLowerCase() ? folded.toUpperCase() : folded
}
