// Relevance signals of one passage for one query, each in [0, 1] and comparable across
// queries because each is normalised by what the query itself could score at most.
import { contentTerms } from './terms'
import { splitSentences } from './text'
import { AVERAGE_PASSAGE_TERMS, BM25_B, BM25_K1, TITLE_WEIGHT } from './tuning'

export interface EvidenceText {
  title: string
  text: string
}

export interface PassageSignals {
  /** Share of the query's term weight the passage contains anywhere. */
  coverage: number
  /** BM25 (title counted TITLE_WEIGHT times) over the query's BM25 ceiling (every term saturated). */
  bm25: number
  /** Best single sentence's (or the title's) share of the query's term weight. */
  sentence: number
  /** The title's share of the query's term weight. */
  title: number
}

function share(weights: Map<string, number>, terms: Set<string>, total: number): number {
  let hit = 0
  for (const [term, weight] of weights) if (terms.has(term)) hit += weight
  return total > 0 ? hit / total : 0
}

export function passageSignals(
  weights: Map<string, number>,
  passage: EvidenceText,
): PassageSignals {
  const total = [...weights.values()].reduce((a, b) => a + b, 0)
  const titleTerms = contentTerms(passage.title)
  const textTerms = contentTerms(passage.text)
  const counts = new Map<string, number>()
  for (const term of textTerms) counts.set(term, (counts.get(term) ?? 0) + 1)
  for (const term of titleTerms) counts.set(term, (counts.get(term) ?? 0) + TITLE_WEIGHT)
  const length = textTerms.length + TITLE_WEIGHT * titleTerms.length
  const norm = BM25_K1 * (1 - BM25_B + (BM25_B * length) / AVERAGE_PASSAGE_TERMS)
  let bm25 = 0
  for (const [term, weight] of weights) {
    const tf = counts.get(term) ?? 0
    bm25 += (weight * tf) / (tf + norm)
  }
  const title = share(weights, new Set(titleTerms), total)
  const sentences = splitSentences(passage.text)
  const sentence = Math.max(
    title,
    ...sentences.map((u) => share(weights, new Set(contentTerms(u)), total)),
  )
  return {
    coverage: share(weights, new Set(counts.keys()), total),
    // The ceiling: every term present so often that its saturation term reaches 1.
    bm25: total > 0 ? bm25 / total : 0,
    sentence,
    title,
  }
}
