// Offline query variations from the built-in lexicon: (1) the query with its abbreviations,
// spellings and Greek letters written the other way, (2) the query plus synonyms of its terms.
import { ABBREVIATIONS, GREEK_LETTERS, SPELLING_PAIRS, SYNONYM_GROUPS } from '../lexicon'
import { porterStem, wordTokens } from '../../grounding'

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const SPELLING = new Map<string, string>(
  SPELLING_PAIRS.flatMap(([uk, us]) => [
    [uk, us],
    [us, uk],
  ]),
)
const SHORT_OF = new Map(
  Object.entries(ABBREVIATIONS).map(([short, long]) => [long.toLowerCase(), short]),
)
/** Longest first, so "type 2 diabetes" wins over any shorter form inside it. */
const LONG_FORM = new RegExp(
  `\\b(${[...SHORT_OF.keys()]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|')})\\b`,
  'gi',
)

/** Stem sequence of a term -> the group it belongs to. */
const SYNONYMS = new Map<string, readonly string[]>(
  SYNONYM_GROUPS.flatMap((group) => group.map((term) => [stemKey(term), group] as const)),
)

function stemKey(text: string): string {
  return wordTokens(text).map(porterStem).join(' ')
}

function swapWords(text: string): string {
  return text.replace(/[\p{L}\p{N}]+/gu, (word) => {
    // hasOwn: a word like "constructor" must not reach Object.prototype.
    const long = Object.hasOwn(ABBREVIATIONS, word) ? ABBREVIATIONS[word] : undefined
    return long ?? SPELLING.get(word.toLowerCase()) ?? word
  })
}

/** Swaps each abbreviation, spelling variant and Greek letter for its other form, in one pass. */
function alternateForms(query: string): string {
  let out = ''
  let last = 0
  for (const match of query.matchAll(LONG_FORM)) {
    out +=
      swapWords(query.slice(last, match.index)) + (SHORT_OF.get(match[0].toLowerCase()) ?? match[0])
    last = match.index + match[0].length
  }
  out += swapWords(query.slice(last))
  for (const [letter, name] of Object.entries(GREEK_LETTERS))
    out = out.replaceAll(letter, ` ${name} `)
  return out.replace(/\s+/g, ' ').trim()
}

/** The query followed by the other members of each synonym group it touches. */
function withSynonyms(query: string): string {
  const stems = wordTokens(query).map(porterStem)
  const added = new Set<string>()
  for (let n = 1; n <= 2; n++) {
    for (let i = 0; i + n <= stems.length; i++) {
      const key = stems.slice(i, i + n).join(' ')
      for (const term of SYNONYMS.get(key) ?? []) if (stemKey(term) !== key) added.add(term)
    }
  }
  return added.size > 0 ? `${query} ${[...added].join(' ')}` : query
}

/** Up to `max` variations that differ from the query (and from each other). */
export function lexiconVariations(query: string, max = 2): string[] {
  const seen = new Set([query.trim().toLowerCase()])
  const out: string[] = []
  for (const candidate of [alternateForms(query), withSynonyms(query)]) {
    const key = candidate.toLowerCase()
    if (out.length >= max || seen.has(key) || !candidate) continue
    seen.add(key)
    out.push(candidate)
  }
  return out
}
