// Reads a BEIR-format folder: corpus.jsonl, queries.jsonl and qrels/<split>.tsv (header
// line; CRLF tolerated). Only queries with at least one positive judgement are evaluated.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseCorpusJsonl, type CorpusRow } from '../workers/retrieval'
import type { Judgements } from './metrics'

export interface BeirData {
  corpus: CorpusRow[]
  queries: Map<string, string>
  qrels: Map<string, Judgements>
}

function readQueries(file: string): Map<string, string> {
  const queries = new Map<string, string>()
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue
    const row = JSON.parse(line) as { _id: string | number; text: string }
    queries.set(String(row._id), row.text)
  }
  return queries
}

function readQrels(file: string): Map<string, Judgements> {
  const qrels = new Map<string, Judgements>()
  const lines = readFileSync(file, 'utf8').replace(/\r/g, '').split('\n').slice(1)
  for (const line of lines) {
    const [queryId, docId, score] = line.split('\t')
    if (!queryId || !docId || score === undefined) continue
    const judged = qrels.get(queryId) ?? new Map<string, number>()
    judged.set(docId, Number(score))
    qrels.set(queryId, judged)
  }
  for (const [id, judged] of qrels) if (![...judged.values()].some((g) => g > 0)) qrels.delete(id)
  return qrels
}

export function readBeir(folder: string, split: string): BeirData {
  const corpus = parseCorpusJsonl(readFileSync(path.join(folder, 'corpus.jsonl')))
  const queries = readQueries(path.join(folder, 'queries.jsonl'))
  const qrels = readQrels(path.join(folder, 'qrels', `${split}.tsv`))
  for (const id of [...qrels.keys()]) if (!queries.has(id)) qrels.delete(id)
  return { corpus, queries, qrels }
}
