// Task routing (seed 004): what kind of request a query is decides how much to retrieve
// (top_k), how much to keep (top_n) and how much diversity MMR buys (lambda). The model's query
// plan (or the caller) names the task; offline every query is 'qa': cue-word routing changed
// nothing on held-out SciFact claims, alone or with 45,000 distractors (eval/README.md).
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

/** The task when neither the caller nor a model named one. */
export const DEFAULT_TASK: RetrievalTask = 'qa'
