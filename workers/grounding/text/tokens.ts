// Word tokenisation shared by the chunker's neighbours, the offline embedder, the FTS query
// builder and the lexical reranker. It mirrors FTS5's unicode61 tokenizer (see wordTokens) so
// terms line up with what the index stores.
import { porterStem } from './porter'
import { isStopWord } from './stopwords'

const WORD = /[\p{L}\p{N}\p{Co}]+/gu
const LATIN_MARKS = /(\p{Script=Latin})\p{M}+/gu
const NON_ASCII = /[\u0080-\uffff]/
const MARK = /\p{M}/u

/**
 * Lower-case word tokens with Latin diacritics removed, in order. unicode61 keeps other
 * scripts' marks ("έ"), leaves ligatures and superscripts alone ("ﬁ", "²") and folds the
 * Greek final sigma, so this does the same.
 */
export function wordTokens(text: string): string[] {
  return foldText(text).match(WORD) ?? []
}

/** Lower case, Latin diacritics removed, final sigma folded: the text wordTokens splits. */
export function foldText(text: string): string {
  // Plain ASCII has nothing to normalise; most text is, and folding is most of the cost.
  if (!NON_ASCII.test(text)) return text.toLowerCase()
  return foldMarks(text).toLowerCase().replace(/ς/g, 'σ')
}

/** Latin diacritics removed, case kept. */
function foldMarks(text: string): string {
  if (!NON_ASCII.test(text)) return text
  const decomposed = text.normalize('NFD')
  return (MARK.test(decomposed) ? decomposed.replace(LATIN_MARKS, '$1') : decomposed).normalize(
    'NFC',
  )
}

/** The words of wordTokens in their own casing ("Vitamin", "D"), for rules that read case. */
export function casedWordTokens(text: string): string[] {
  return foldMarks(text).match(WORD) ?? []
}

/** Tokens worth matching on: no stop words, no lone letters or digits. */
export function contentTokens(text: string): string[] {
  return wordTokens(text).filter((t) => t.length > 1 && !isStopWord(t))
}

/** Porter stems of the content tokens, in order (the same stems FTS5 indexes). */
export function contentStems(text: string): string[] {
  return contentTokens(text).map(porterStem)
}

/** Counts of each item. */
export function termFrequencies(items: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1)
  return counts
}
