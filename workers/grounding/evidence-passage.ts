// The evidence of a retrieved chunk for one question: the sentences that answer it, not the
// chunk's opening. This is what is judged, quoted and shown to a model, so it is chosen by the
// question's weighted terms: the sentences that cover most of the question's weight (each
// next one for what it adds), the other sentences using its words, then their neighbours
// while room is left (the one before first: it often holds what "These results" refers to);
// all in their order in the text.
// Gaps are marked with "…", so an excerpt never reads as contiguous text.
import { termWeights, type TermStatistics } from './term-weights'
import { contentTerms } from './terms'
import { splitSentences } from './text'

export const EVIDENCE_PASSAGE_CHARS = 800
const ELLIPSIS = '…'

export interface PassageOptions {
  /** Corpus statistics: rare question words weigh more (IDF). */
  stats?: TermStatistics
  /** Longest passage, in characters (gap marks not counted). */
  maxChars?: number
}

interface Unit {
  text: string
  terms: Set<string>
}

/** A window of one long sentence (text without sentence ends) around its first match. */
function windowOf(text: string, weights: Map<string, number>, maxChars: number): string {
  const lower = text.toLowerCase()
  const words = [...weights.keys()]
  const at = Math.min(
    ...words.map((w) => lower.indexOf(w)).filter((i) => i >= 0),
    Number.POSITIVE_INFINITY,
  )
  const start = Number.isFinite(at) ? Math.max(0, at - Math.floor(maxChars / 4)) : 0
  let piece = text.slice(start, start + maxChars)
  if (start > 0) piece = piece.replace(/^\S*\s/, '')
  if (start + maxChars < text.length) piece = piece.replace(/\s\S*$/, '')
  return `${start > 0 ? `${ELLIPSIS} ` : ''}${piece}${start + maxChars < text.length ? ` ${ELLIPSIS}` : ''}`
}

/** Picks sentences greedily by the weight each adds, then neighbours, within the budget. */
function choose(units: Unit[], weights: Map<string, number>, maxChars: number): Set<number> {
  const chosen = new Set<number>()
  let used = 0
  const fits = (i: number) => used + (units[i]?.text.length ?? 0) + 1 <= maxChars
  const take = (i: number) => {
    chosen.add(i)
    used += (units[i]?.text.length ?? 0) + 1
  }
  const covered = new Set<string>()
  for (;;) {
    let best = -1
    let bestGain = 0
    units.forEach((unit, i) => {
      if (chosen.has(i) || !fits(i)) return
      let gain = 0
      for (const term of unit.terms) if (!covered.has(term)) gain += weights.get(term) ?? 0
      if (gain > bestGain) [best, bestGain] = [i, gain]
    })
    if (best < 0) break
    take(best)
    for (const term of units[best]?.terms ?? []) covered.add(term)
  }
  // Then the other sentences that use the question's words, most weight first.
  const weightOf = (u: Unit) => [...u.terms].reduce((sum, t) => sum + (weights.get(t) ?? 0), 0)
  units
    .map((unit, i) => ({ i, weight: weightOf(unit) }))
    .filter((u) => u.weight > 0 && !chosen.has(u.i))
    .sort((a, b) => b.weight - a.weight || a.i - b.i)
    .forEach((u) => fits(u.i) && take(u.i))
  if (chosen.size === 0 && units.length > 0 && fits(0)) take(0)
  // Then neighbours while there is room: the sentence before a chosen one, then the one after.
  for (let grew = true; grew;) {
    grew = false
    for (const i of [...chosen].sort((a, b) => a - b)) {
      for (const j of [i - 1, i + 1]) {
        if (j < 0 || j >= units.length || chosen.has(j) || !fits(j)) continue
        take(j)
        grew = true
      }
    }
  }
  return chosen
}

/** The passage of `text` that answers `query`, at most `maxChars` long (whole when it fits). */
export function evidencePassage(query: string, text: string, options: PassageOptions = {}): string {
  const maxChars = options.maxChars ?? EVIDENCE_PASSAGE_CHARS
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= maxChars) return flat
  const weights = termWeights(query, options.stats)
  const units = splitSentences(text).map((s) => ({ text: s, terms: new Set(contentTerms(s)) }))
  const chosen = choose(units, weights, maxChars)
  if (chosen.size === 0) {
    // Every sentence is longer than the budget: a window of the one holding most weight.
    const weight = (u: Unit) => [...u.terms].reduce((sum, t) => sum + (weights.get(t) ?? 0), 0)
    const best = units.reduce((a, b) => (weight(b) > weight(a) ? b : a), units[0] as Unit)
    return windowOf(best?.text ?? flat, weights, maxChars)
  }
  const order = [...chosen].sort((a, b) => a - b)
  let out = order[0] === 0 ? '' : `${ELLIPSIS} `
  order.forEach((i, k) => {
    const previous = order[k - 1]
    if (previous !== undefined) out += previous === i - 1 ? ' ' : ` ${ELLIPSIS} `
    out += units[i]?.text ?? ''
  })
  return order.at(-1) === units.length - 1 ? out : `${out} ${ELLIPSIS}`
}
