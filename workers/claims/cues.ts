// The words that decide which way a sentence points, read against the claim it is compared
// with: denials ("did not", "no association", "unchanged", and a word that is the other text's
// word with a negating prefix: "inaccurate" against "accurate", "UCP1-independent" against
// "UCP1-dependent") and directions ("increased", "reduced"). In a sentence only the cues near
// the claim's own words count: a clause about something else does not turn it around.
import { porterStem, wordTokens } from '../grounding'

/** Words that deny what follows or report that nothing changed. */
const NEGATION_WORDS = new Set(
  (
    'not no never neither nor none cannot without lack lacks lacked lacking absent absence ' +
    'fail fails failed unrelated unaffected unchanged unaltered insignificant ' +
    // What the tokenizer leaves of "n't": "didn't" is "didn" and "t".
    'isn aren wasn weren doesn don didn hasn haven hadn wouldn couldn shouldn'
  ).split(' '),
)

/** Two-word phrases that report no effect ("did not differ" is caught by "not"). */
const NULL_EFFECT_PHRASES: readonly (readonly [string, string])[] = [
  ['similar', 'between'],
  ['no', 'difference'],
  ['comparable', 'between'],
]

/** Stems that say something rose, grew, was brought about, or went with more of it. */
const UP_STEMS = new Set(
  (
    'increas rais rise rose elev higher greater enhanc promot augment induc stimul acceler ' +
    'improv upregul exacerb worsen gain boost amplifi potenti strengthen expand accumul ' +
    'posit activ'
  ).split(' '),
)

/** Stems that say something fell, shrank, was held back, or went with less of it. */
const DOWN_STEMS = new Set(
  (
    'decreas reduc reduct lower less fewer declin diminish inhibit suppress attenu impair ' +
    'prevent protect downregul block amelior slow loss lost imped abolish abrog delai weaken ' +
    'drop fall fell shorten restrict hinder neg invers'
  ).split(' '),
)

/** Prefixes that negate whatever word they open ("un-able", "non-significant"). */
const ALWAYS_NEGATING = /^(?:non|un)(?=[a-z]{4,})/
/**
 * Prefixes that negate adjectives ("in-accurate", "in-dependent", "im-possible") but also
 * open words they do not negate ("in-tense", "im-port"): only before an adjective's ending.
 */
const ADJECTIVE_NEGATING =
  /^(?:in|im|ir|il|dis)(?=[a-z]{3,}(?:ate|ive|ent|ant|ible|able|al|ar|ic|ous|ful)$)/

/** Cues this many words from one of the claim's words still speak about it. */
export const CUE_WINDOW = 6

export type Direction = -1 | 0 | 1

export interface Cues {
  /** An odd number of denials: the text says it is not so. */
  negated: boolean
  /** Which way it points: 1 up, -1 down, 0 neither or both. */
  direction: Direction
  /** Words that carried the reading. */
  words: string[]
}

const stemsOf = (text: string) => new Set(wordTokens(text).map((t) => porterStem(t)))

/** "inaccurate" when the other text says "accurate": a denial of the other's word. */
function negatesOther(token: string, other: ReadonlySet<string>): boolean {
  const prefix = (ALWAYS_NEGATING.exec(token) ?? ADJECTIVE_NEGATING.exec(token))?.[0]
  if (!prefix || other.has(porterStem(token))) return false
  return other.has(porterStem(token.slice(prefix.length)))
}

interface ReadOptions {
  /** The text it is read against (for prefixed denials). */
  against: string
  /** Only cues within CUE_WINDOW words of one of these stems count (a sentence's reading). */
  near?: ReadonlySet<string>
}

/** How a text points, read against another (a claim against a sentence, or the reverse). */
export function readCues(text: string, options: ReadOptions): Cues {
  const tokens = wordTokens(text)
  const other = stemsOf(options.against)
  const stems = tokens.map((t) => porterStem(t))
  const anchors = options.near
    ? stems.flatMap((stem, i) => (options.near?.has(stem) ? [i] : []))
    : null
  const inReach = (i: number) =>
    !anchors || anchors.some((a) => Math.abs(a - i) <= CUE_WINDOW && a !== i)
  const words: string[] = []
  let denials = 0
  let up = 0
  let down = 0
  tokens.forEach((token, i) => {
    if (!inReach(i)) return
    const next = tokens[i + 1]
    const stem = stems[i] as string
    if (NEGATION_WORDS.has(token) || negatesOther(token, other)) {
      denials++
      words.push(token)
    } else if (next && NULL_EFFECT_PHRASES.some(([a, b]) => a === token && b === next)) {
      denials++
      words.push(`${token} ${next}`)
    } else if (UP_STEMS.has(stem)) {
      up++
      words.push(token)
    } else if (DOWN_STEMS.has(stem)) {
      down++
      words.push(token)
    }
  })
  const direction: Direction = up > 0 && down === 0 ? 1 : down > 0 && up === 0 ? -1 : 0
  return { negated: denials % 2 === 1, direction, words }
}
