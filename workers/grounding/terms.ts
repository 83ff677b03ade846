// Text terms of the grounding core: the text stack's words and FTS5 stems (text/), with one
// layer of its own: the words of questions and requests that name no topic ("does", "explain")
// are stop words too, and a lone capital names a thing ("vitamin D", "hepatitis B").
import { casedWordTokens, foldText, porterStem, STOP_WORDS } from './text'

/** Words of questions and requests that name no topic ("does", "explain", "tell me"). */
const QUESTION_WORDS =
  'why when whom whose whether does did doing done can could may might would should shall will tell explain show give ' +
  'describe know please specifically especially particular really actually also too just ' +
  'get got make made way ways thing things lot kind sort much many ' +
  // What is left of a negative contraction once its "n't" is split off ("Isn't it …").
  'isn aren wasn weren doesn don didn hasn haven hadn wouldn couldn shouldn mustn needn ain shan'

/** The text stack's stop words plus the question words: what names no topic in a question. */
export const QUERY_STOP_WORDS: ReadonlySet<string> = new Set([
  ...STOP_WORDS,
  ...QUESTION_WORDS.split(' '),
])

/**
 * Words that frame a question rather than name its subject: how subjects relate ("the effect
 * of diet on cancer", "the association between sleep and obesity") or what is asked of one
 * ("how does insulin signalling work?"). They stay terms (a passage using them speaks the
 * question's language), but are never its subject (coverage-gap.ts).
 */
const FRAMING_TERMS: ReadonlySet<string> = new Set(
  (
    'effect influence role impact association associated relationship relation link linked work mechanism ' +
    'reduce increase decrease prevent cause improve lower raise affect promote protect worsen relieve help'
  )
    .split(' ')
    .map((word) => porterStem(word)),
)

/** True for a term that frames a question ("effect", "role", "work") rather than names its subject. */
export function isFramingTerm(term: string): boolean {
  return FRAMING_TERMS.has(term)
}

/** Words of a text in their own casing, split as the FTS5 index splits them. */
export function wordsOf(text: string): string[] {
  return casedWordTokens(text)
}

/** The FTS5 stem one word scores as, or '' when it carries no topic (stop word, one letter). */
export function termOf(word: string): string {
  const lower = foldText(word)
  // One-letter words are noise except capitals that name things ("vitamin D", "hepatitis B").
  if (lower.length < 2 && !/^\p{Lu}$/u.test(word)) return ''
  if (QUERY_STOP_WORDS.has(lower)) return ''
  return porterStem(lower)
}

/** A list's item label in lowercase roman numerals or a letter: "(ii)", "(iv)", "(b)". */
const LIST_LABEL = /\((?:[ivx]{1,4}|[a-z])\)/g

/**
 * Content terms (no stop words), stemmed as the FTS5 index stems them, in order of appearance.
 * List labels name no topic: "(ii)" in a passage is not the "II" of "World War II".
 */
export function contentTerms(text: string): string[] {
  return wordsOf(text.replace(LIST_LABEL, ' '))
    .map(termOf)
    .filter((term) => term.length > 0)
}
