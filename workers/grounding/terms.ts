// Text terms: the one tokeniser and stopword list the grounding core scores text with.
import { eng } from 'stopword'

const STOP_WORDS: ReadonlySet<string> = new Set(eng)

/** Lower-cased content words (no stopwords, no one-letter words), crudely de-inflected. */
export function contentTerms(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}-]*/gu) ?? [])
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word))
    .map((word) => word.replace(/(ies|es|s|ing|ed)$/, '') || word)
}
