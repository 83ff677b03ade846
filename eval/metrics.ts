// Ranking metrics over graded judgements: nDCG@k (exponential gain, as BEIR's pytrec_eval),
// Recall@k and MRR@k, averaged over queries that have at least one relevant document.

export type Judgements = Map<string, number>

export interface Metrics {
  'ndcg@10': number
  'recall@100': number
  'mrr@10': number
}

export function ndcgAt(ranked: readonly string[], judged: Judgements, k: number): number {
  const gain = (g: number) => 2 ** g - 1
  let dcg = 0
  ranked.slice(0, k).forEach((id, i) => {
    dcg += gain(judged.get(id) ?? 0) / Math.log2(i + 2)
  })
  const ideal = [...judged.values()]
    .filter((g) => g > 0)
    .sort((a, b) => b - a)
    .slice(0, k)
  const idcg = ideal.reduce((sum, g, i) => sum + gain(g) / Math.log2(i + 2), 0)
  return idcg > 0 ? dcg / idcg : 0
}

export function recallAt(ranked: readonly string[], judged: Judgements, k: number): number {
  const relevant = [...judged].filter(([, g]) => g > 0).map(([id]) => id)
  if (relevant.length === 0) return 0
  const top = new Set(ranked.slice(0, k))
  return relevant.filter((id) => top.has(id)).length / relevant.length
}

export function mrrAt(ranked: readonly string[], judged: Judgements, k: number): number {
  const first = ranked.slice(0, k).findIndex((id) => (judged.get(id) ?? 0) > 0)
  return first < 0 ? 0 : 1 / (first + 1)
}

export function meanMetrics(runs: { ranked: string[]; judged: Judgements }[]): Metrics {
  const n = Math.max(1, runs.length)
  const sum = (f: (r: { ranked: string[]; judged: Judgements }) => number) =>
    Number((runs.reduce((s, r) => s + f(r), 0) / n).toFixed(4))
  return {
    'ndcg@10': sum((r) => ndcgAt(r.ranked, r.judged, 10)),
    'recall@100': sum((r) => recallAt(r.ranked, r.judged, 100)),
    'mrr@10': sum((r) => mrrAt(r.ranked, r.judged, 10)),
  }
}
