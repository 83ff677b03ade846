// Word tokenisation shared by the chunker's neighbours, the offline embedder, the FTS query
// builder and the lexical reranker. It mirrors FTS5's unicode61 tokenizer (see wordTokens) so
// terms line up with what the index stores.
import { charKind, foldChar, foldCharKeepingCase, SEPARATOR, WORD_CHAR } from './fts5-chars'
import { porterStem } from './porter'
import { isStopWord } from './stopwords'

const ASCII_WORD = /[a-z0-9]+/g
const ASCII_WORD_CASED = /[A-Za-z0-9]+/g
const NON_ASCII = /[^\p{ASCII}]/u

/** Words of non-ASCII text as FTS5 splits them, each character mapped by `map`. */
function splitFolded(text: string, map: (cp: number) => string): string[] {
  const words: string[] = []
  let word = ''
  for (const char of text) {
    const cp = char.codePointAt(0) as number
    const kind = charKind(cp)
    if (kind === WORD_CHAR) word += map(cp)
    else if (kind === SEPARATOR && word) {
      words.push(word)
      word = ''
    }
  }
  if (word) words.push(word)
  return words
}

/**
 * Lower-case word tokens, in order, split and folded exactly as FTS5's unicode61 tokenizer
 * with remove_diacritics 2 does (fts5-chars.ts: its own table, property-tested against it over
 * every code point of the BMP): "µg" and "μg" are one word, as are "ſtatin" and "statin".
 */
export function wordTokens(text: string): string[] {
  // Plain ASCII has nothing to fold; most text is, and folding is most of the cost.
  if (!NON_ASCII.test(text)) return text.toLowerCase().match(ASCII_WORD) ?? []
  return splitFolded(text, foldChar)
}

/** The text with each word character folded as FTS5 folds it, dropped diacritics removed. */
export function foldText(text: string): string {
  if (!NON_ASCII.test(text)) return text.toLowerCase()
  let out = ''
  for (const char of text) {
    const cp = char.codePointAt(0) as number
    const kind = charKind(cp)
    if (kind === WORD_CHAR) out += foldChar(cp)
    else if (kind === SEPARATOR) out += char
  }
  return out
}

/** The words of wordTokens in their own casing ("Vitamin", "D"), for rules that read case. */
export function casedWordTokens(text: string): string[] {
  if (!NON_ASCII.test(text)) return text.match(ASCII_WORD_CASED) ?? []
  return splitFolded(text, foldCharKeepingCase)
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
