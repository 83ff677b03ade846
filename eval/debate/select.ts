// The debates' questions and knowledge base: judged claims of SciFact's train split, spread
// evenly over the split, and a corpus slice holding every one of their gold abstracts plus
// the first abstracts of the corpus as distractors.
import type { CorpusRow } from '../../workers/retrieval'
import type { BeirData } from '../beir'

export interface DebateSet {
  questions: { id: string; text: string }[]
  corpus: CorpusRow[]
}

export function selectDebates(data: BeirData, debates: number, slice: number): DebateSet {
  const judged = [...data.qrels.keys()].sort((a, b) => Number(a) - Number(b))
  const step = Math.max(1, Math.floor(judged.length / debates))
  const ids = judged.filter((_, i) => i % step === 0).slice(0, debates)
  const gold = new Set(ids.flatMap((id) => [...(data.qrels.get(id)?.keys() ?? [])]))
  const corpus = data.corpus.filter((row, i) => i < slice || gold.has(row._id))
  return {
    questions: ids.map((id) => ({ id, text: data.queries.get(id) ?? '' })),
    corpus,
  }
}
