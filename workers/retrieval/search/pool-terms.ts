// Which terms the pool's FTS5 pass walks. FTS5 scores every row that matches any term, and a
// term found in a large share of the index (low IDF) makes that most of the index: at 50k
// chunks such terms were most of the pass. Rows that match only common terms rarely reach the
// pool, so the pass walks the rarer terms and leaves a common term out only once the kept
// terms' matches could fill the pool many times over (on a small index, nothing is left out).
// Every term still scores in code over the pool (pool-bm25.ts).
import { porterStem } from '../../grounding'
import type { RetrievalTuning } from './state'
import type { TermStats } from './term-stats'

export function poolMatchTerms(
  terms: readonly string[],
  stats: Pick<TermStats, 'df' | 'total'>,
  poolLimit: number,
  tuning: RetrievalTuning['poolTerms'],
): string[] {
  const common = Math.max(poolLimit, stats.total * tuning.commonShare)
  const byRarity = terms
    .map((term, order) => ({ term, order, df: stats.df(porterStem(term)) }))
    .sort((a, b) => a.df - b.df || a.order - b.order)
  const kept: typeof byRarity = []
  let reach = 0
  for (const entry of byRarity) {
    if (entry.df > common && reach >= tuning.reach * poolLimit) break
    kept.push(entry)
    reach += entry.df
  }
  // The query's own order, so the MATCH expression reads as before.
  return kept.sort((a, b) => a.order - b.order).map((e) => e.term)
}
