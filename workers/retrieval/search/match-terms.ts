// Which terms a BM25 pass hands FTS5. FTS5 scores every row that matches any term, and a term
// found in a large share of the index (low IDF) makes that most of the index. Rows that match
// only common terms rarely reach the top of the list, so the pass walks the rarer terms and
// leaves a common term out once the kept terms' matches could fill the list many times over
// (on a small index nothing is left out).
import { porterStem } from '../../grounding'
import type { RetrievalTuning } from './state'
import type { TermStats } from './term-stats'

export function matchTerms(
  terms: readonly string[],
  stats: Pick<TermStats, 'df' | 'total'>,
  limit: number,
  tuning: RetrievalTuning['commonTerms'],
): string[] {
  const common = Math.max(limit, stats.total * tuning.share)
  const byRarity = terms
    .map((term, order) => ({ term, order, df: stats.df(porterStem(term)) }))
    .sort((a, b) => a.df - b.df || a.order - b.order)
  const kept: typeof byRarity = []
  let reach = 0
  for (const entry of byRarity) {
    if (entry.df > common && reach >= tuning.reach * limit) break
    kept.push(entry)
    reach += entry.df
  }
  // The query's own order, so the MATCH expression reads as before.
  return kept.sort((a, b) => a.order - b.order).map((e) => e.term)
}
