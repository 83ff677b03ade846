// Splits text into word segments (leading whitespace + one word) and grades the boundary
// after each: paragraph > sentence > word. The chunker packs segments, so it can only ever
// cut between words, and prefers the strongest boundary it can reach.

/** Forced = a cut inside an over-long run of non-space characters. */
export const Boundary = { Forced: 0, Word: 1, Sentence: 2, Paragraph: 3 } as const
export type Boundary = (typeof Boundary)[keyof typeof Boundary]

export interface Segment {
  start: number
  end: number
  /** Strength of the boundary after this segment. */
  after: Boundary
}

/** Lower-cased words that end with a period without ending a sentence. */
const ABBREVIATIONS = new Set(
  `al approx ca cf ch dr e.g eq eqs etc fig figs i.e inc jr ltd mr mrs ms no nos pp prof ref refs
  resp sect st suppl vol vs`.split(/\s+/),
)

const SENTENCE_END = /[.!?…]["'”’)\]]*$/
const SENTENCE_START = /^["'“‘([]?[\p{Lu}\p{N}]/u

/** True for a listed abbreviation once its end punctuation is gone ("e.g.", "Fig.", "vs."). */
export function isAbbreviation(word: string): boolean {
  return ABBREVIATIONS.has(bareWord(word))
}

function bareWord(word: string): string {
  return word
    .replace(/["'”’)\]]+$/, '')
    .replace(/[.!?…]+$/, '')
    .toLowerCase()
}

function endsSentence(word: string, next: string | undefined): boolean {
  if (!SENTENCE_END.test(word)) return false
  // A lone letter is taken for an initial ("J. Smith").
  if (isAbbreviation(word) || /^\p{L}$/u.test(bareWord(word))) return false
  return next === undefined || SENTENCE_START.test(next)
}

function grade(gap: string, word: string, next: string | undefined): Boundary {
  if (next === undefined || /\n[^\S\n]*\n/.test(gap)) return Boundary.Paragraph
  if (gap.includes('\n') || endsSentence(word, next)) return Boundary.Sentence
  return Boundary.Word
}

/**
 * Segments of `text`, one at a time (a caller may pause between them: a 3 MB page has ~500k);
 * a run of non-space characters longer than `maxWordChars` is cut into pieces joined by Forced
 * boundaries (the one case where a "word" is split).
 */
export function* wordSegments(text: string, maxWordChars: number): Generator<Segment> {
  const words = /\S+/g
  let match = words.exec(text)
  let cursor = 0
  while (match) {
    const word = match[0]
    const wordStart = match.index
    const next = words.exec(text)
    const gap = next ? text.slice(wordStart + word.length, next.index) : ''
    for (let cut = maxWordChars; cut < word.length; cut += maxWordChars) {
      yield { start: cursor, end: wordStart + cut, after: Boundary.Forced }
      cursor = wordStart + cut
    }
    yield { start: cursor, end: wordStart + word.length, after: grade(gap, word, next?.[0]) }
    cursor = wordStart + word.length
    match = next
  }
}

/** All of wordSegments at once. */
export function segmentText(text: string, maxWordChars: number): Segment[] {
  return [...wordSegments(text, maxWordChars)]
}
