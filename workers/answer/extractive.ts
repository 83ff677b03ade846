// The offline answer of the answer engine: the grounding core's writer over the ranked
// sources, as pieces a caller can stream (one per sentence, with its [rank] marker).
import { writeOfflineAnswer, type TermStatistics } from '../grounding'
import type { RankedSource } from './types'

/** Pieces of the answer in order; a new source starts a new paragraph. Empty: abstain. */
export function extractiveAnswer(
  query: string,
  sources: RankedSource[],
  stats?: TermStatistics,
): string[] {
  const passages = sources.map((s) => ({ number: s.rank, title: s.title, text: s.snippet }))
  const sentences = writeOfflineAnswer(query, passages, { stats })
  return sentences.map((s, i) => {
    const previous = sentences[i - 1]
    const gap = !previous ? '' : previous.number === s.number ? ' ' : '\n\n'
    return `${gap}${s.text} [${s.number}]`
  })
}
