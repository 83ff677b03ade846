// The offline answer writer: whole sentences lifted verbatim from the evidence (after
// scrubbing the sources' own reference markers), each cited by its source's number. It
// prefers sentences that state findings (results, conclusions) over aims and methods, drops
// section labels, keeps one sentence per claim, and puts the one that best addresses the
// question first.
import { stripReferenceMarkers } from './citations'
import { termWeights, type TermStatistics } from './term-weights'
import { abstractSentences, type SentenceKind } from './sentence-kinds'
import { contentTerms } from './terms'

export interface WriterPassage {
  /** The citation number the sentence will carry. */
  number: number
  title: string
  text: string
}

export interface WrittenSentence {
  text: string
  number: number
}

export interface WriterOptions {
  stats?: TermStatistics
  maxSentences?: number
  maxPerSource?: number
}

const MIN_CHARS = 20
const MAX_CHARS = 450
/** Near-duplicate claims (two abstracts stating the same finding) share most of their terms. */
const SAME_CLAIM_OVERLAP = 0.6

/** How much a sentence's role is worth in an answer: findings first, aims never. */
const KIND_WEIGHT: Record<SentenceKind, number> = {
  conclusion: 1,
  result: 0.9,
  background: 0.55,
  method: 0.25,
  aim: 0,
}

interface Candidate extends WrittenSentence {
  score: number
  terms: Set<string>
}

/** A whole sentence: starts like one, ends with a full stop, not cut short with "…". */
function isWhole(text: string): boolean {
  return /^["“'([]?[\p{Lu}\p{N}]/u.test(text) && /[.!?]["”')\]]?$/.test(text) && !/…/.test(text)
}

function candidates(weights: Map<string, number>, passages: WriterPassage[]): Candidate[] {
  const total = [...weights.values()].reduce((a, b) => a + b, 0) || 1
  return passages.flatMap((passage, rank) =>
    abstractSentences(passage.text).flatMap((sentence) => {
      const text = stripReferenceMarkers(sentence.text).trim()
      if (text.length < MIN_CHARS || text.length > MAX_CHARS || !isWhole(text)) return []
      if (text.endsWith('?')) return []
      const terms = new Set(contentTerms(text))
      let hit = 0
      for (const [term, weight] of weights) if (terms.has(term)) hit += weight
      const relevance = hit / total
      // Relevance counts twice (squared) so a finding on the question beats a finding beside
      // it; better-ranked sources break ties.
      const score = relevance * relevance * (0.4 + KIND_WEIGHT[sentence.kind]) - rank * 0.01
      if (KIND_WEIGHT[sentence.kind] === 0 || relevance === 0) return []
      // Claims are compared on what they add beyond the question's own words.
      const added = new Set([...terms].filter((t) => !weights.has(t)))
      return [{ text, number: passage.number, score, terms: added }]
    }),
  )
}

function sameClaim(a: Set<string>, b: Set<string>): boolean {
  if (a.size === 0 || b.size === 0) return a.size === b.size
  let shared = 0
  for (const term of a) if (b.has(term)) shared += 1
  return shared / Math.max(1, Math.min(a.size, b.size)) >= SAME_CLAIM_OVERLAP
}

/** Sentences of the answer in order, best first; empty when no sentence addresses the query. */
export function writeOfflineAnswer(
  query: string,
  passages: WriterPassage[],
  options: WriterOptions = {},
): WrittenSentence[] {
  const max = options.maxSentences ?? 4
  const perSourceMax = options.maxPerSource ?? 2
  const pool = candidates(termWeights(query, options.stats), passages).sort(
    (a, b) => b.score - a.score,
  )
  const chosen: Candidate[] = []
  const perSource = new Map<number, number>()
  for (const candidate of pool) {
    const used = perSource.get(candidate.number) ?? 0
    if (used >= perSourceMax) continue
    if (chosen.some((c) => sameClaim(c.terms, candidate.terms))) continue
    perSource.set(candidate.number, used + 1)
    chosen.push(candidate)
    if (chosen.length === max) break
  }
  return chosen.map(({ text, number }) => ({ text, number }))
}
