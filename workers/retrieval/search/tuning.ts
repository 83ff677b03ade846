// Default retrieval tuning, chosen on SciFact's train split only (eval/README.md has the runs).
import type { RetrievalTuning } from './state'

export const DEFAULT_TUNING: RetrievalTuning = {
  rrfK: 60,
  vectorWeight: 1,
  bm25Columns: { title: 3, content: 1 },
  rerankDepth: 20,
  minListDepth: 50,
  commonTerms: { share: 0.3, reach: 10 },
}
