// Task routing (seed 004): what kind of request a query is decides how much to retrieve
// (top_k), how much to keep (top_n) and how much diversity MMR buys (lambda). Offline and by
// default, cue words decide; the query planner may let a model decide instead.
import type { RetrievalTask } from '../retriever'

export interface TaskParams {
  topK: number
  topN: number
  lambda: number
}

export const TASK_PARAMS: Readonly<Record<RetrievalTask, TaskParams>> = {
  qa: { topK: 10, topN: 5, lambda: 0.8 },
  summarization: { topK: 15, topN: 6, lambda: 0.6 },
  comparison: { topK: 20, topN: 8, lambda: 0.5 },
  explanation: { topK: 12, topN: 6, lambda: 0.7 },
}

const COMPARISON =
  /\b(compar(e|es|ed|ing|ison|isons)|contrast(s|ing)?|versus|vs\.?|differen(ce|ces|t from)|differ(s)?|distinguish(es)?|better than|worse than|pros and cons|trade-?offs?|similarities)\b/i
const SUMMARIZATION =
  /\b(summar(y|ies|ise|ize|ised|ized|ising|izing)|overview|tl;?dr|key (points|findings|takeaways)|main (points|findings|ideas|contributions)|recap|outline|gist|state of the art)\b/i
const EXPLANATION =
  /\b(explain(s|ed|ing)?|explanation|walk me through|mechanisms?|intuition|in (simple|plain|layman'?s?) terms|elaborate|describe how|how (does|do|did|can|would) .{1,80}? work)\b/i

/** Comparison outranks summary outranks explanation; anything else is question answering. */
export function classifyTask(query: string): RetrievalTask {
  if (COMPARISON.test(query)) return 'comparison'
  if (SUMMARIZATION.test(query)) return 'summarization'
  if (EXPLANATION.test(query)) return 'explanation'
  return 'qa'
}
