// The topic of a question in a few words, and the offline related questions built from it
// (the question's own phrases, never stitched fragments of source titles).
import { termWeights, type TermStatistics } from './term-weights'
import { contentTerms, isFramingTerm, termOf, wordsOf } from './terms'

export const MAX_RELATED = 3

/**
 * A word of the question as written, possessives kept ("Alzheimer's"). Each part of a hyphenated
 * word is a unit of its own, glued to the one before ("Tuberculosis" + "-induced"), so a phrase
 * may take either part; a part that names nothing alone stays on its word ("Toll-like").
 */
interface Unit {
  text: string
  /** Its FTS5 stems ("Toll-like" -> ["toll"]). */
  terms: string[]
  /** Written against the unit before it, after a hyphen. */
  glued: boolean
}

const UNIT = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu
const LONE_CAPITAL = /^\p{Lu}$/u
const NUMBER = /^[\p{N}.,-]+$/u

/**
 * Verbs that research questions and claims hang their topics on, in the present tense ("T cells
 * recognize antigens", "miRNAs regulate homeostasis"): they join two topics and name neither.
 * Participles stay topic words ("induced pluripotent stem cells", "activated T cells").
 */
const LINKING_VERBS: ReadonlySet<string> = new Set([
  ...(
    'affect alter cause confer contain contribute correlate create decrease demonstrate depend ' +
    'determine differ enhance exhibit express impair improve increase indicate induce influence ' +
    'inhibit involve maintain mediate modulate occur play predict prevent produce promote protect ' +
    'provide recognize reduce regulate relate represent require restore reveal suggest suppress ' +
    'undergo'
  )
    .split(' ')
    .flatMap((verb) => [verb, /(s|sh|ch|x)$/.test(verb) ? `${verb}es` : `${verb}s`]),
  // Only as verbs: "lead", "act" and "work" also name things ("lead exposure", "shift work").
  'acts',
  'leads',
  'works',
])

/**
 * Endings of English adjectives ("cardiovascular", "metabolic", "chronic", "oxidative",
 * "inflammatory", "renal"). Read by shape: a noun with such an ending ("trial", "clinic") that
 * stands before another topic word is a modifier there too, so the phrase only grows by a word.
 */
const ADJECTIVE_ENDING = /(?:al|ar|ic|ive|ous|ary|ory|ful|less|able|ible|ent|ant|oid|ile)$/i

/** A unit that modifies the one after it in its run: a phrase must not stop on it. */
function modifiesNext(run: Unit[], index: number): boolean {
  const unit = run[index]
  const next = run[index + 1]
  if (!unit || !next || next.glued) return false
  const last = unit.text.split(/[\s-]/).at(-1) ?? ''
  return last.length >= 4 && ADJECTIVE_ENDING.test(last) && !/ment$/i.test(last)
}

const namesSomething = (part: string) => wordsOf(part).some((word) => termOf(word))

/** A word's hyphenated parts; a part that names nothing alone stays on its neighbour ("β-sheet"). */
function hyphenParts(word: string): { text: string; glued: boolean }[] {
  const parts: string[] = []
  let carried = ''
  for (const part of word.split(/(?=-)/)) {
    if (!namesSomething(part)) {
      if (parts.length > 0) parts[parts.length - 1] += part
      else carried += part
    } else {
      parts.push(`${carried}${part}`)
      carried = ''
    }
  }
  if (parts.length === 0) return [{ text: word, glued: false }]
  return parts.map((text, i) => ({ text, glued: i > 0 }))
}

/**
 * Runs of consecutive topic words in the query, broken at stop words, linking verbs and
 * punctuation. A lone capital or a number names a thing with the word before it ("vitamin D",
 * "type 2 diabetes"); a lone capital opening a run, with the word after it ("T cells"). A number
 * opening a run is no topic ("10 months").
 */
function contentRuns(query: string): Unit[][] {
  const runs: Unit[][] = []
  for (const clause of query.split(/[?!.,;:()[\]]+/)) {
    let run: Unit[] = []
    let capital = ''
    const close = () => {
      if (run.length > 0) runs.push(run)
      run = []
      capital = ''
    }
    const parts = (clause.match(UNIT) ?? []).flatMap(hyphenParts)
    for (const { text, glued } of parts) {
      const bare = text.replace(/^-/, '')
      const terms = wordsOf(bare).map(termOf).filter(Boolean)
      const last = run.at(-1)
      const clings = LONE_CAPITAL.test(bare) || NUMBER.test(bare) || (glued && terms.length === 0)
      if (clings && last) {
        last.text += glued ? text : ` ${text}`
        last.terms.push(...terms)
      } else if (terms.length === 0 || NUMBER.test(bare) || LINKING_VERBS.has(bare.toLowerCase()))
        close()
      else if (LONE_CAPITAL.test(bare)) capital = `${bare} `
      else {
        const unit = {
          text: `${capital}${text}`,
          terms: [...(capital ? [termOf(capital.trim())] : []), ...terms],
          glued: glued && !capital,
        }
        capital = ''
        run.push(unit)
      }
    }
    close()
  }
  return runs
}

/** How many of the sources say a run of stems, in order, in their own content terms. */
function sourcesSaying(sources: string[][], stems: string[]): number {
  const says = (terms: string[]) => {
    for (let i = 0; i + stems.length <= terms.length; i++)
      if (stems.every((stem, j) => terms[i + j] === stem)) return true
    return false
  }
  return sources.filter(says).length
}

interface Candidate {
  run: number
  from: number
  to: number
  units: Unit[]
  count: number
  score: number
}

/** A sentence-initial capital is lowered when the sources also write the word in lower case. */
function phraseText(units: Unit[], sentenceStart: boolean, context: string): string {
  const text = units
    .map((u, i) => (i === 0 ? u.text.replace(/^-/, '') : u.glued ? u.text : ` ${u.text}`))
    .join('')
  const first = units[0]?.text ?? ''
  // A name in capitals throughout stays as written ("Fibroblast Growth Factor").
  const titled = units.slice(1).some((u) => /^\p{Lu}/u.test(u.text))
  if (!sentenceStart || titled || !/^\p{Lu}\p{Ll}+$/u.test(first)) return text
  const lowered = first.toLowerCase()
  const written = new RegExp(`(^|[^\\p{L}\\p{N}])${lowered}(?=$|[^\\p{L}\\p{N}])`, 'u')
  return written.test(context) ? `${lowered}${text.slice(first.length)}` : text
}

/**
 * The query's topic in a few words: the one or two phrases (1-4 consecutive topic words of the
 * query) that weigh most, e.g. "vitamin D and calcium absorption". `sources` holds one text per
 * source. A phrase weighs its terms' IDF (with corpus statistics; one each without) times
 * 1 + ln(how many sources say it), so a rare subject two sources name outweighs a common word
 * all of them use ("statins and dementia", not "statins and risk"). A phrase no source says is
 * no topic.
 */
export function topicPhrase(query: string, sources: string[] = [], stats?: TermStatistics): string {
  const runs = contentRuns(query)
  const weights = termWeights(query, stats)
  const sourceTerms = sources.map((text) => contentTerms(text))
  const candidates: Candidate[] = runs.flatMap((run, r) =>
    run.flatMap((_, from) =>
      [1, 2, 3, 4].flatMap((n) => {
        if (from + n > run.length) return []
        const units = run.slice(from, from + n)
        const stems = units.flatMap((u) => u.terms)
        // "impact" of "impact of exercise on depression" frames the topic; it is not one.
        if (stems.every(isFramingTerm)) return []
        // "cardiovascular" of "cardiovascular events" names no topic without its noun.
        if (modifiesNext(run, from + n - 1)) return []
        const count = sourcesSaying(sourceTerms, stems)
        if (count === 0) return []
        const weight = stems.reduce((sum, stem) => sum + (weights.get(stem) ?? 1), 0)
        return [{ run: r, from, to: from + n, units, count, score: weight * (1 + Math.log(count)) }]
      }),
    ),
  )
  const ranked = candidates.sort((a, b) => b.score - a.score)
  const written = sources.join('\n')
  const opening = query.match(UNIT)?.[0]?.split('-')[0] ?? ''
  const textOf = (units: Unit[]) =>
    phraseText(units, units[0] === runs[0]?.[0] && units[0]?.text === opening, written)
  // A phrase grows to the longest stretch of the question around it that two sources say, or
  // one source if it weighs half as much: "induced pluripotent stem cells", "lung function".
  const whole = (c: Candidate) =>
    candidates
      .filter(
        (o) =>
          o.run === c.run &&
          o.from <= c.from &&
          o.to >= c.to &&
          (o.count >= 2 || o.score >= c.score / 2),
      )
      .reduce((longest, o) => (o.to - o.from > longest.to - longest.from ? o : longest), c)
  const top = ranked[0]
  if (!top) return runs[0] ? textOf(runs[0].slice(0, 3)) : ''
  const best = whole(top)
  // A second topic shares no word with the first, is not its neighbour in the question (the two
  // would read as one phrase the sources never say: "p53 induce apoptosis") and weighs at least
  // half as much (not "statins and risk").
  const bestTerms = new Set(best.units.flatMap((u) => u.terms))
  const touches = (c: Candidate) => c.run === best.run && c.from <= best.to && best.from <= c.to
  const sharesWord = (c: Candidate) => c.units.some((u) => u.terms.some((t) => bestTerms.has(t)))
  const found = ranked.find((c) => !touches(c) && !sharesWord(c) && c.score >= top.score / 2)
  if (!found) return textOf(best.units)
  const grown = whole(found)
  // Grown, it may reach the first topic: then it stays as found.
  const second = touches(grown) || sharesWord(grown) ? found : grown
  const [first, next] = [best, second].sort((a, b) => a.run - b.run || a.from - b.from)
  if (!first || !next) return textOf(best.units)
  return `${textOf(first.units)} and ${textOf(next.units)}`
}

/** Follow-up questions on the question's own topic; none without a topic. */
export function offlineRelatedQuestions(
  query: string,
  sources: string[] = [],
  stats?: TermStatistics,
): string[] {
  const topic = topicPhrase(query, sources, stats)
  if (!topic) return []
  return [
    `What do other studies find about ${topic}?`,
    `What are the limitations of the evidence on ${topic}?`,
    `Which mechanisms could explain the findings on ${topic}?`,
  ].slice(0, MAX_RELATED)
}
