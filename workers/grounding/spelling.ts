// Misspelt words. A question's typo ("transgultaminase") is a term the library never uses: it
// finds nothing, and as the rarest term it outweighs the rest of the question, so the judge
// abstains over papers that spell it right. The search reads such a word as the library's
// nearest term, and the query shown to the user says so. The same notion of a typo lets a
// passage's correct spelling count as mentioning the question's subject (coverage-gap.ts).
import type { TermStatistics } from './term-weights'
import { termOf, wordsOf } from './terms'
import { foldText, porterStem } from './text'

/**
 * Edits a word of this length may be from another and still be that word misspelt: none under
 * six letters, where a letter apart is often another word ("chess", "chest"), two from ten.
 */
export const typoEdits = (length: number) => (length >= 10 ? 2 : length >= 6 ? 1 : 0)

/** Keys as they sit on a QWERTY keyboard (rows staggered), for which letters a finger slips to. */
const KEY_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm']
const KEY_AT = new Map(
  KEY_ROWS.flatMap((row, y) => [...row].map((key, x) => [key, { x: x + y * 0.5, y }] as const)),
)
const VOWELS = new Set('aeiouy')

/**
 * Whether typing `a` for `b` is a slip: a neighbouring key, or one vowel for another (spelt as
 * it sounds). "reactor" for "reactom" is neither: another word, not a typo.
 */
function slips(a: string, b: string): boolean {
  if (VOWELS.has(a) && VOWELS.has(b)) return true
  const p = KEY_AT.get(a)
  const q = KEY_AT.get(b)
  return !!p && !!q && Math.abs(p.y - q.y) <= 1 && Math.abs(p.x - q.x) <= 1
}

/**
 * Edits from `a` to `b` as a typist makes them: a letter left out, added, or two swapped cost
 * one; a letter replaced costs one when it `slips`, else two (it reads as another word).
 */
export function typoDistance(a: string, b: string): number {
  const rows = a.length + 1
  const cols = b.length + 1
  const d: number[] = new Array(rows * cols).fill(0)
  for (let i = 0; i < rows; i++) d[i * cols] = i
  for (let j = 0; j < cols; j++) d[j] = j
  const at = (i: number, j: number) => d[i * cols + j] ?? 0
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const x = a[i - 1] ?? ''
      const y = b[j - 1] ?? ''
      const replace = x === y ? 0 : slips(x, y) ? 1 : 2
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + replace)
      if (i > 1 && j > 1 && x === b[j - 2] && a[i - 2] === y)
        best = Math.min(best, at(i - 2, j - 2) + 1)
      d[i * cols + j] = best
    }
  }
  return at(a.length, b.length)
}

/**
 * Whether `word` (folded) may misspell `other` ("cardiovasculer" for "cardiovascular"); a number
 * one digit off is another number.
 */
export function misspells(word: string, other: string): boolean {
  const edits = /^\d+$/.test(word) ? 0 : typoEdits(word.length)
  return (
    edits > 0 && Math.abs(other.length - word.length) <= edits && typoDistance(word, other) <= edits
  )
}

/**
 * A word as it is spelt on both sides of the Atlantic and in drug names: "ph" as "f", "ae" and
 * "oe" as "e" ("clomifene" and "clomiphene", "haemoglobin" and "hemoglobin").
 */
export const plainSpelling = (word: string) => word.replace(/ph/g, 'f').replace(/ae|oe/g, 'e')

/** A term of the library's index and the chunks holding it. */
export interface IndexTerm {
  term: string
  documents: number
}

export interface SpellingLookups {
  /** Document frequencies of a text's terms in the namespaces searched. */
  stats: (text: string) => Promise<TermStatistics>
  /**
   * Index terms sharing `stem`'s first letters, at most `edits` letters longer or shorter,
   * counted in the namespaces searched (a term is only offered once `textHolding` finds it).
   */
  near: (stem: string, edits: number) => Promise<IndexTerm[]>
  /** The text of a chunk in the namespaces searched whose index holds `term`; null if none. */
  textHolding: (term: string) => Promise<string | null>
}

/** Candidates tried per unknown word: the nearest few are enough, and each costs a read. */
const CANDIDATES_CHECKED = 3

/** The question's words worth respelling: letters only, long enough, unknown to the library. */
function unknownWords(query: string, stats: TermStatistics): string[] {
  const unknown = wordsOf(query).filter((w) => {
    const term = termOf(w)
    return /^\p{L}+$/u.test(w) && typoEdits(term.length) > 0 && stats.documentFrequency(term) === 0
  })
  return [...new Set(unknown)]
}

/** The index terms within reach of `stem`, nearest first, then the most used. */
function nearestTerms(stem: string, edits: number, candidates: IndexTerm[]): IndexTerm[] {
  return candidates
    .map((c) => ({ ...c, edits: typoDistance(stem, c.term) }))
    .filter((c) => c.term !== stem && c.edits <= edits && c.documents > 0)
    .sort((a, b) => a.edits - b.edits || b.documents - a.documents || (a.term < b.term ? -1 : 1))
}

/**
 * The word of `text` that FTS5 stored as `term` ("transglutaminase" for "transglutaminas"): an
 * index keeps stems, which are rarely words ("associ"), so the library's own spelling is read.
 */
export function wordStemmedTo(text: string, term: string): string | null {
  const word = wordsOf(text).find((w) => porterStem(foldText(w)) === term)
  if (!word) return null
  return /^\p{Lu}?\p{Ll}+$/u.test(word) ? word.toLowerCase() : word
}

/** `query` with each misspelt word replaced, everything else as written. */
function replaceWords(query: string, respelt: Map<string, string>): string {
  if (respelt.size === 0) return query
  return query.replace(/[\p{L}\p{N}]+/gu, (w) => respelt.get(w) ?? w)
}

/**
 * The query with each word the library never uses (even in another form) replaced by the
 * nearest index term that the searched namespaces hold, unchanged when there is none.
 */
export async function respellQuery(query: string, lookups: SpellingLookups): Promise<string> {
  const stats = await lookups.stats(query)
  const respelt = new Map<string, string>()
  for (const word of unknownWords(query, stats)) {
    const stem = termOf(word)
    // Stems are compared, so the stem's length sets the edits ("appendicitis" is "append").
    const edits = typoEdits(stem.length)
    const nearest = nearestTerms(stem, edits, await lookups.near(stem, edits))
    for (const candidate of nearest.slice(0, CANDIDATES_CHECKED)) {
      // Read from a chunk of the namespaces searched: a word only another library holds is
      // never offered.
      const text = await lookups.textHolding(candidate.term)
      const form = text === null ? null : wordStemmedTo(text, candidate.term)
      if (form) {
        respelt.set(word, form)
        break
      }
    }
  }
  return replaceWords(query, respelt)
}
