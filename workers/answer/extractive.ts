// The offline answer of the answer engine: the grounding core's writer over the ranked
// sources, as pieces a caller can stream (one per sentence, quoted and attributed to its [rank]).
import { attributedPieces, writeOfflineAnswer, type TermStatistics } from '../grounding'
import type { RankedSource } from './types'

/** Pieces of the answer in order; a new source starts a new paragraph. Empty: abstain. */
export function extractiveAnswer(
  query: string,
  sources: RankedSource[],
  stats?: TermStatistics,
): string[] {
  const passages = sources.map((s) => ({ number: s.rank, title: s.title, text: s.snippet }))
  return attributedPieces(writeOfflineAnswer(query, passages, { stats }))
}
