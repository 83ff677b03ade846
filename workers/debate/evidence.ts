// A turn's evidence: retrieval over the whole knowledge base (not only what this turn just
// ingested), numbered into the run's shared numbering so every [n] names one chunk. The
// numbers given to this turn are kept: a citation counts only if it names one of them.
import type { ContextDocument } from '../context'
import type { PreparedTurn } from '../turn'
import { chunkToDocument } from '../turn'
import { untilAborted } from './abortable'

export interface TurnEvidence {
  documents: ContextDocument[]
  /** The numbers this turn's retrieval was given. */
  numbers: Set<number>
  fallbacks: string[]
}

const TOP_N = 8

export async function retrieveEvidence(turn: PreparedTurn, query: string): Promise<TurnEvidence> {
  const result = await untilAborted(
    turn.deps.retriever.retrieve(query, { topN: TOP_N }, turn.signal),
    turn.signal,
  )
  const documents = turn.numbering.assign(result.chunks.map(chunkToDocument))
  return {
    documents,
    numbers: new Set(documents.map((d) => d.document)),
    fallbacks: result.fallbacks ?? [],
  }
}
