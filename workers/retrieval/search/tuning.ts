// Default retrieval tuning, chosen on SciFact's train split only (eval/README.md has the runs).
import type { RetrievalTuning } from './state'

export const DEFAULT_TUNING: RetrievalTuning = {
  rrfK: 60,
  vectorWeight: 1,
  bm25Columns: { title: 3, content: 1 },
  rerankDepth: 20,
  minListDepth: 50,
  // Share 0.5 cost nothing on the tuning part at scale (45,000 distractors); 0.3 cost 0.3
  // points of nDCG@10 there (eval/README.md).
  commonTerms: { share: 0.5, reach: 10 },
  // The same ranking as FTS5's, computed in the Worker: p50 at 200k chunks from ~250 ms to
  // well under the 150 ms target (bench/README.md, "Ranking from term postings").
  postings: true,
}
