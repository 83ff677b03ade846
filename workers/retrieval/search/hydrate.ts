// Loads chunk text and citation fields for candidate ids (one query per 99 ids), keeping only
// chunks that still exist in a searched namespace and pass the source filter.
import { readChunksWithSources, type ChunkWithSource } from '../../db'
import type { RetrievedChunk } from '../retriever'
import type { RetrievalState } from './state'

function parseAuthors(raw: string): string[] {
  try {
    const value: unknown = JSON.parse(raw)
    return Array.isArray(value) ? value.filter((a): a is string => typeof a === 'string') : []
  } catch {
    return [] // a malformed row weakens the citation, never the retrieval
  }
}

export function toRetrieved(row: ChunkWithSource): RetrievedChunk {
  return {
    chunkId: String(row.id),
    sourceId: row.source_id,
    documentId: row.document_id,
    paperKey: row.paper_key,
    title: row.title,
    content: row.content,
    page: row.page,
    score: 0,
    url: row.url,
    doi: row.doi,
    authors: parseAuthors(row.authors),
    year: row.year,
    kind: row.kind,
  }
}

/** Adds a row to the state's hydrated chunks, with its stored token count. */
export function keep(state: RetrievalState, row: ChunkWithSource): void {
  state.hydrated.set(row.id, toRetrieved(row))
  if (row.token_count > 0) state.storedTokens.set(String(row.id), row.token_count)
}

/** Adds the missing ids to state.hydrated; returns the hydrated chunks for `ids`, in order. */
export async function hydrate(
  db: D1Database,
  state: RetrievalState,
  ids: number[],
): Promise<RetrievedChunk[]> {
  const missing = ids.filter((id) => !state.hydrated.has(id))
  const allowed = state.options.sourceIds ? new Set(state.options.sourceIds) : null
  for (const row of missing.length ? await readChunksWithSources(db, missing) : []) {
    if (!state.options.namespaces.includes(row.namespace)) continue
    if (allowed && !allowed.has(row.source_id)) continue
    keep(state, row)
  }
  return ids.flatMap((id) => state.hydrated.get(id) ?? [])
}
