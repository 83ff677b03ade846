// Whether a "sentence" is prose: text lifted from PDFs holds figure labels ("Crawler Selector
// Select Selector Drop …"), table rows of numbers and headings run into the first sentence of
// their section ("6 Conclusion In this paper …"). Read by shape, since a figure's words are any
// words: prose carries lower-case function and content words between its names and numbers.
import { isStopWord } from './text'

const TOKEN = /\S+/g
const NUMERIC = /^[^\p{L}]*\p{N}[^\p{L}]*$/u
const LOWER_WORD = /^[("“'[]?(?:\p{Ll}[\p{Ll}'’-]+|a)[,;:.!?)"”'\]]*$/u

/** Fewer lower-case words than this share of the words: labels, names in a caption. */
const MIN_LOWER_SHARE = 0.25
/** Below this share of lower-case words a sentence must hold a function word ("of", "the"). */
const WORDY_SHARE = 0.4
/**
 * Three numbers in a row with no comma between them, in a sentence that is mostly numbers, are
 * the cells of a table row; prose numbers stand between words ("197 724 severe sepsis cases").
 */
const TABLE_CELLS = 3
const TABLE_NUMBER_SHARE = 0.4
/** Distinct content words below this share: the repeated labels of a diagram. */
const MIN_DISTINCT_SHARE = 0.5
const MIN_WORDS_TO_JUDGE_REPEATS = 6

const bareWord = (token: string) => token.toLowerCase().replace(/[^\p{L}\p{N}'’-]/gu, '')

function isTableRow(tokens: string[]): boolean {
  const numbers = tokens.filter((t) => NUMERIC.test(t)).length
  if (numbers / tokens.length < TABLE_NUMBER_SHARE) return false
  let run = 0
  for (const token of tokens) {
    run = NUMERIC.test(token) && !token.endsWith(',') ? run + 1 : 0
    if (run >= TABLE_CELLS) return true
  }
  return false
}

function repeatsItsWords(tokens: string[]): boolean {
  const content = tokens.map(bareWord).filter((w) => /\p{L}/u.test(w) && !isStopWord(w))
  if (content.length < MIN_WORDS_TO_JUDGE_REPEATS) return false
  return new Set(content).size / content.length < MIN_DISTINCT_SHARE
}

/**
 * True when the sentence reads as prose: enough lower-case words among its words (numbers
 * aside); when they are few, a function word ("of", "the", "is") among them; not a table row;
 * not the same few words again.
 */
export function isProse(sentence: string): boolean {
  const tokens = sentence.match(TOKEN) ?? []
  if (tokens.length < 4) return true // too short to judge; the writer's length floor decides
  if (isTableRow(tokens)) return false
  const words = tokens.filter((t) => !NUMERIC.test(t))
  const lower = words.filter((t) => LOWER_WORD.test(t))
  const share = lower.length / Math.max(1, words.length)
  if (share < MIN_LOWER_SHARE) return false
  if (share < WORDY_SHARE && !lower.some((t) => isStopWord(bareWord(t)))) return false
  return !repeatsItsWords(tokens)
}

/** "6 Conclusion ", "3.2 Data Collection ": a section number, then capitalised heading words. */
const RUN_IN_HEADING =
  /^(\d{1,2}(?:\.\d{1,2})*\.?)\s+(\p{Lu}[\p{L}-]*\s+(?:(?:\p{Lu}[\p{L}-]*|and|of|for|on|in|the|&)\s+){0,5})(?=\p{Lu}[\p{L}'’-]*\s+\p{Ll})/u

/**
 * The sentence without a numbered heading run into it ("6 Conclusion In this paper we …" ->
 * "In this paper we …"). The heading ends before its first capitalised function word ("In",
 * "The", "We"), else before the capitalised word a lower-case word follows ("3 Data Collection
 * Participants were …"). Unchanged when no numbered heading leads it.
 */
export function withoutRunInHeading(sentence: string): string {
  const found = RUN_IN_HEADING.exec(sentence)
  if (!found?.[1] || !found[2]) return sentence
  const heading = found[2].trim().split(/\s+/)
  const functionWord = heading.findIndex(
    (word, i) => i > 0 && /^\p{Lu}/u.test(word) && isStopWord(word.toLowerCase()),
  )
  const kept = functionWord > 0 ? functionWord : heading.length
  return sentence.slice(found[1].length).trim().split(/\s+/).slice(kept).join(' ')
}
