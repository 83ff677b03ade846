// The offline answer of the answer engine: the grounding core's writer over the ranked
// sources, as pieces a caller can stream (one per sentence, quoted and attributed to its [rank]).
import {
  attributedPieces,
  contentTerms,
  writeOfflineAnswer,
  type TermStatistics,
} from '../grounding'
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

/**
 * When the sources that address the question hold no sentence that can be quoted on its own
 * (an abstract of section labels, aims and figures): those whose titles name part of the
 * question, by their titles, said to be only that. Empty when no title does.
 */
export function titlesOnly(query: string, sources: RankedSource[]): string[] {
  const asked = new Set(contentTerms(query))
  const named = sources.filter((s) => contentTerms(s.title).some((term) => asked.has(term)))
  if (named.length === 0) return []
  const lead =
    'No sentence of the sources found can be quoted on its own; their titles show what they study.'
  const title = (s: RankedSource) => s.title.replace(/“/g, '‘').replace(/”/g, '’')
  return [lead, ...named.map((s) => `\n\n[${s.rank}] is titled “${title(s)}”.`)]
}
