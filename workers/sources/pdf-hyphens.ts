// Words a PDF breaks across lines with a hyphen ("inves-\ntigate") are joined again; a hyphen
// that belongs to the word ("PaSa-\nGPT", "already-\nselected") stays. The document itself is
// the dictionary: a joined form it uses elsewhere wins, then a hyphenated form it uses
// elsewhere, then two whole words it uses elsewhere; anything else was a syllable break.

const WORD = /\p{L}+/gu
const HYPHENATED = /\p{L}+-\p{L}+/gu
/** A hyphen (or soft hyphen) ending a line, between two letters. */
const LINE_BREAK = /(\p{L}+)([-\u00AD])[ \t]*\n[ \t]*(\p{L}+)/gu
/** Shorter halves ("in-", "re-", "-age") are syllables, not words of a compound. */
const MIN_PART = 4

interface Vocabulary {
  words: Set<string>
  hyphenated: Set<string>
}

function vocabularyOf(pages: string[]): Vocabulary {
  const text = pages.join('\n').toLowerCase()
  // Mid-line only: the line-end forms are what is being decided.
  const midLine = text.replace(LINE_BREAK, ' ')
  return {
    words: new Set(midLine.match(WORD) ?? []),
    hyphenated: new Set(midLine.match(HYPHENATED) ?? []),
  }
}

function keepsHyphen(left: string, right: string, vocabulary: Vocabulary): boolean {
  if (/^[\p{Lu}\p{N}]/u.test(right)) return true
  const [a, b] = [left.toLowerCase(), right.toLowerCase()]
  if (vocabulary.words.has(a + b)) return false
  if (vocabulary.hyphenated.has(`${a}-${b}`)) return true
  return (
    a.length >= MIN_PART &&
    b.length >= MIN_PART &&
    vocabulary.words.has(a) &&
    vocabulary.words.has(b)
  )
}

/** Each page's text with its line-end hyphenation undone (other line breaks stay). */
export function joinHyphenatedLines(pages: string[]): string[] {
  const vocabulary = vocabularyOf(pages)
  return pages.map((page) =>
    page.replace(LINE_BREAK, (_match, left: string, hyphen: string, right: string) => {
      const hyphenKept = hyphen === '-' && keepsHyphen(left, right, vocabulary)
      return hyphenKept ? `${left}-${right}` : `${left}${right}`
    }),
  )
}
