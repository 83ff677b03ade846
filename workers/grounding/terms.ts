// Text terms: the one tokeniser, stopword list (the `stopword` package's English list plus
// question words) and stemmer the grounding core scores text with, and the sentence splitter.
import { stemmer } from 'stemmer'
import { eng } from 'stopword'

/** Words of questions and requests that name no topic ("does", "explain", "tell me"). */
const QUESTION_WORDS =
  'why when whom whose whether does did doing done can could may might would should shall will tell explain show give ' +
  'describe know please specifically especially particular really actually also too just ' +
  'get got make made way ways thing things lot kind sort much many'

export const STOP_WORDS: ReadonlySet<string> = new Set([...eng, ...QUESTION_WORDS.split(' ')])

/** Words of a text in their own casing (letters, digits, inner hyphens). */
export function wordsOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}-]*/gu) ?? []
}

/** The stem one word scores as, or '' when it carries no topic (stopword, one letter). */
export function termOf(word: string): string {
  const lower = word.toLowerCase()
  // One-letter words are noise except capitals that name things ("vitamin D", "hepatitis B").
  if (lower.length < 2 && !/^\p{Lu}$/u.test(word)) return ''
  if (STOP_WORDS.has(lower)) return ''
  return /^[\p{L}-]+$/u.test(lower) ? stemmer(lower) : lower
}

/** Endings that turn a Porter stem back into a word that stems to it ("caus" + "e"). */
const STEM_ENDINGS = ['', 'e', 's', 'es', 'ed', 'ing', 'y', 'ion', 'al', 'ate']

/** A word whose stem is `stem` (the stem itself when it is one), for engines that stem again. */
export function wordStemmingTo(stem: string): string {
  return STEM_ENDINGS.map((ending) => stem + ending).find((w) => stemmer(w) === stem) ?? stem
}

/** Lower-cased content terms (no stopwords), Porter-stemmed, in order of appearance. */
export function contentTerms(text: string): string[] {
  return wordsOf(text)
    .map(termOf)
    .filter((term) => term.length > 0)
}

/** Sentences of a passage; keeps abbreviations like "e.g." together well enough for abstracts. */
export function splitSentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=[A-Z0-9(“"[])/)
    .map((s) => s.trim())
    .filter(Boolean)
}
