// A turn's evidence: retrieval over what the debate may read (its own URL page, the scholarly
// cache its turns fill, and the shared library; not only what this turn just ingested),
// numbered into the run's shared numbering so every [n] names one chunk. The
// numbers given to this turn are kept: a citation counts only if it names one of them.
// Passages that do not address the debate's question are not evidence: offline the grounding
// core's relevance judgement decides, and a turn without evidence says so instead of quoting
// them; with a model, the scientist reads every passage holding a word of the question and
// judges them itself (word statistics are a floor, never a veto over the model).
import type { ContextDocument } from '../context'
import { createTermStatisticsSource, judgeForReader } from '../grounding'
import { SCHOLARLY_NAMESPACE, sessionNamespace } from '../namespaces'
import type { RetrievedChunk } from '../retrieval'
import type { PreparedTurn } from '../turn'
import { chunkToDocument } from '../turn'
import { untilAborted } from './abortable'

export interface TurnEvidence {
  /** What retrieval returned, judged or not (a fallback turn judges them again). */
  chunks: RetrievedChunk[]
  documents: ContextDocument[]
  /** The numbers this turn's retrieval was given. */
  numbers: Set<number>
  fallbacks: string[]
  /** Chunks retrieval returned, relevant or not (the §12 "Retrieved chunks" count). */
  retrieved: number
  /** Why the retrieved chunks were set aside, when none addresses the question. */
  notCovered: string | null
}

const TOP_N = 8

/** What a debate reads: its session's page, the scholarly cache, the configured library. */
export function debateNamespaces(turn: PreparedTurn): string[] {
  const shared = turn.deps.config.knowledge.askNamespaces
  return [sessionNamespace('debate', turn.sessionId), SCHOLARLY_NAMESPACE, ...shared]
}

/** Word statistics over what a debate reads (cached per isolate by the grounding core). */
export function debateTermStats(turn: PreparedTurn, text: string) {
  const source = createTermStatisticsSource(turn.deps.db, debateNamespaces(turn))
  return untilAborted(source(text, turn.signal), turn.signal)
}

/**
 * What a debate reads, searched for `query`: the best TOP_N chunks. `withoutModel`: the model
 * failed earlier in the run, so it is not asked to plan the search or grade the results.
 */
export function searchDebateLibrary(turn: PreparedTurn, query: string, withoutModel = false) {
  const skipModel = withoutModel ? { plan: {}, stages: { rerank: false } } : {}
  return untilAborted(
    turn.deps.retriever.retrieve(
      query,
      { topN: TOP_N, namespaces: debateNamespaces(turn), ...skipModel },
      turn.signal,
    ),
    turn.signal,
  )
}

/**
 * Whether the chunks go to the scientist; the reason when they do not. A model reads them all
 * and judges them itself, so only chunks holding no word of the question are withheld from it;
 * offline the lexical judgement decides.
 */
async function coverage(
  turn: PreparedTurn,
  question: string,
  chunks: { title: string; content: string }[],
  modelReads: boolean,
): Promise<string | null> {
  const stats = modelReads ? undefined : await debateTermStats(turn, question)
  const passages = chunks.map((c) => ({ title: c.title, text: c.content }))
  const judgement = judgeForReader(question, passages, stats, modelReads)
  return judgement.abstain ? (judgement.reason ?? 'the passages do not address it') : null
}

/**
 * Retrieves with the turn's query; judges coverage against the debate's question, for the
 * model or, `withoutModel` (it failed: the turn quotes instead), by word statistics.
 */
export async function retrieveEvidence(
  turn: PreparedTurn,
  query: string,
  question: string,
  withoutModel = false,
): Promise<TurnEvidence> {
  const result = await searchDebateLibrary(turn, query, withoutModel)
  const modelReads = turn.model !== null && !withoutModel
  return judgeEvidence(turn, question, result.chunks, result.fallbacks ?? [], modelReads)
}

/** The turn's evidence from `chunks` already retrieved, judged for the model or by words. */
export async function judgeEvidence(
  turn: PreparedTurn,
  question: string,
  chunks: RetrievedChunk[],
  fallbacks: string[],
  modelReads: boolean,
): Promise<TurnEvidence> {
  const notCovered = await coverage(turn, question, chunks, modelReads)
  const retrieved = chunks.length
  const judged = { chunks, fallbacks, retrieved }
  if (notCovered) return { ...judged, documents: [], numbers: new Set(), notCovered }
  const documents = turn.numbering.assign(chunks.map(chunkToDocument))
  const numbers = new Set(documents.map((d) => d.document))
  return { ...judged, documents, numbers, notCovered: null }
}
