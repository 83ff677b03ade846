// Offline query variations from the built-in lexicon: (1) the query with its abbreviations,
// spellings and Greek letters written the other way, (2) the query plus synonyms of its terms.
import { ABBREVIATIONS, GREEK_LETTERS, SPELLING_PAIRS, SYNONYM_GROUPS } from '../lexicon'
import { porterStem } from '../text/porter'
import { wordTokens } from '../text/tokens'

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const SPELLING = new Map<string, string>(
  SPELLING_PAIRS.flatMap(([uk, us]) => [
    [uk, us],
    [us, uk],
  ]),
)
const LONG_FORMS = Object.entries(ABBREVIATIONS).map(([short, long]) => ({
  short,
  long: new RegExp(`\\b${escape(long)}\\b`, 'i'),
}))

/** Stem sequence of a term -> the group it belongs to. */
const SYNONYMS = new Map<string, readonly string[]>(
  SYNONYM_GROUPS.flatMap((group) => group.map((term) => [stemKey(term), group] as const)),
)

function stemKey(text: string): string {
  return wordTokens(text).map(porterStem).join(' ')
}

/** Swaps each abbreviation, spelling variant and Greek letter for its other form. */
function alternateForms(query: string): string {
  let out = query.replace(/[\p{L}\p{N}]+/gu, (word) => {
    const long = ABBREVIATIONS[word]
    if (long) return long
    const spelled = SPELLING.get(word.toLowerCase())
    return spelled ?? word
  })
  for (const { short, long } of LONG_FORMS) out = out.replace(long, short)
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
