// The words that decide which way a sentence points: negation ("did not", "no association",
// "unchanged") and direction ("increased", "reduced"). Read per clause of words, stemmed as the
// index stems them, so "reduces", "reduced" and "reduction" read alike.
import { porterStem, wordTokens } from '../grounding'

/** Words that deny what follows or report that nothing changed. */
const NEGATION_WORDS = new Set(
  (
    'not no never neither nor none cannot without lack lacks lacked lacking absent absence ' +
    'fail fails failed unrelated unaffected unchanged unaltered insignificant ' +
    // What is left of "n't" once the apostrophe splits the word ("did", "n", "t" is not how
    // the tokenizer splits: it gives "didn" and "t").
    'isn aren wasn weren doesn don didn hasn haven hadn wouldn couldn shouldn'
  ).split(' '),
)

/** Two-word phrases that report no effect ("did not differ" is caught by "not"). */
const NULL_EFFECT_PHRASES: readonly (readonly [string, string])[] = [
  ['similar', 'between'],
  ['no', 'difference'],
  ['independent', 'of'],
  ['comparable', 'between'],
]

/** Stems that say something rose, grew or was brought about. */
const UP_STEMS = new Set(
  (
    'increas rais rise rose elev higher greater enhanc promot augment induc stimul acceler ' +
    'improv upregul exacerb worsen gain boost amplifi potenti strengthen expand accumul'
  ).split(' '),
)

/** Stems that say something fell, shrank or was held back. */
const DOWN_STEMS = new Set(
  (
    'decreas reduc reduct lower less fewer declin diminish inhibit suppress attenu impair ' +
    'prevent protect downregul block amelior slow loss lost imped abolish abrog delai weaken ' +
    'drop fall fell shorten restrict hinder'
  ).split(' '),
)

export type Direction = -1 | 0 | 1

export interface Cues {
  /** An odd number of denials: the sentence says it is not so. */
  negated: boolean
  /** Which way it points: 1 up, -1 down, 0 neither or both. */
  direction: Direction
  /** Words that carried the reading, for the payload's explanation. */
  words: string[]
}

function stemOf(word: string): string {
  return porterStem(word)
}

/** How a text points (a claim, or one sentence of an abstract). */
export function readCues(text: string): Cues {
  const tokens = wordTokens(text)
  const words: string[] = []
  let denials = 0
  let up = 0
  let down = 0
  tokens.forEach((token, i) => {
    const next = tokens[i + 1]
    if (NEGATION_WORDS.has(token)) {
      denials++
      words.push(token)
      return
    }
    if (next && NULL_EFFECT_PHRASES.some(([a, b]) => a === token && b === next)) {
      denials++
      words.push(`${token} ${next}`)
      return
    }
    const stem = stemOf(token)
    if (UP_STEMS.has(stem) || UP_STEMS.has(token)) {
      up++
      words.push(token)
    } else if (DOWN_STEMS.has(stem) || DOWN_STEMS.has(token)) {
      down++
      words.push(token)
    }
  })
  const direction: Direction = up > 0 && down === 0 ? 1 : down > 0 && up === 0 ? -1 : 0
  return { negated: denials % 2 === 1, direction, words }
}
