// Term weights: IDF from corpus statistics, the one weighting every grounding signal uses
// (a term the corpus never uses weighs most), and the share of those weights a passage holds.
import type { EvidenceText } from './signals'
import { contentTerms } from './terms'

/** Corpus statistics that weigh rare query terms above common ones (IDF). */
export interface TermStatistics {
  documents: number
  documentFrequency(term: string): number
}

/**
 * Loads statistics for the content terms of a text (e.g. from the knowledge base's FTS index).
 * It takes the text, not its terms: a stem cannot always be looked up as itself.
 */
export type TermStatisticsSource = (text: string, signal?: AbortSignal) => Promise<TermStatistics>

/** Robertson-Sparck Jones IDF; a term the corpus never uses is as rare as can be. */
export function idf(df: number, documents: number): number {
  return Math.log(1 + (documents - df + 0.5) / (df + 0.5))
}

/** Weight of each distinct query term: IDF with statistics, 1 without. */
export function termWeights(query: string, stats?: TermStatistics): Map<string, number> {
  const weights = new Map<string, number>()
  for (const term of contentTerms(query)) {
    if (weights.has(term)) continue
    const n = stats ? Math.max(stats.documents, 1) : 0
    weights.set(term, stats ? idf(stats.documentFrequency(term), n) : 1)
  }
  return weights
}

/** Share of the query's term weight that each passage (title and text) contains. */
export function coverageScores(weights: Map<string, number>, passages: EvidenceText[]): number[] {
  const total = [...weights.values()].reduce((a, b) => a + b, 0)
  return passages.map((passage) => {
    if (total <= 0) return 0
    const terms = new Set(contentTerms(`${passage.title} ${passage.text}`))
    let hit = 0
    for (const [term, weight] of weights) if (terms.has(term)) hit += weight
    return hit / total
  })
}
