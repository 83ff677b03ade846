// Default retrieval tuning, chosen on SciFact's train split only (eval/README.md has the runs).
// The offline hashed vectors rank strictly worse than BM25 on the same words, and fusing them
// cost nDCG at every weight tried (even 0.05), so a lexical embedder's list weighs 0 in fusion;
// a semantic embedder's list gets the usual equal weight.
import type { RetrievalTuning } from './state'

export const DEFAULT_TUNING: RetrievalTuning = {
  rrfK: 60,
  weights: { bm25: 1, vectorLexical: 0, vectorSemantic: 1, variation: 0.3, feedback: 0.3 },
  bm25Columns: { title: 3, content: 1 },
  rerankDepth: 20,
  minListDepth: 50,
  poolDepth: 100,
  sharedPool: true,
  poolTerms: { commonShare: 0.3, reach: 10 },
  feedback: { docs: 5, terms: 20, candidates: 30 },
}
