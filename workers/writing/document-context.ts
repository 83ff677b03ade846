// Seed 000 step 3: the document context by semantic search. The document is cut into chunks
// of 1,000 characters with 100 overlap, embedded through the Embedder port and kept in the
// VectorStore under one namespace per document; the top 5 by cosine answer the message. No
// match: the whole document; no document: the empty-document note.
import { sessionNamespace } from '../namespaces'
import { chunkText, CHUNK_PRESETS, type Embedder, type VectorStore } from '../retrieval'

export const EMPTY_DOCUMENT_NOTE =
  'The document is empty so far: the user is starting a new research paper.'

export interface ContextDeps {
  embedder: Embedder
  vectors: VectorStore
}

export interface DocumentContext {
  kind: 'empty' | 'chunks' | 'full'
  text: string
  chunks: number
}

export function documentNamespace(sessionId: string): string {
  return sessionNamespace('writing', sessionId)
}

async function indexVersion(
  deps: ContextDeps,
  options: { sessionId: string; version: number; markdown: string },
  signal?: AbortSignal,
): Promise<string[]> {
  const chunks = chunkText(options.markdown, CHUNK_PRESETS.writing)
  const vectors = await deps.embedder.embed(
    chunks.map((c) => c.text),
    'document',
    signal,
  )
  const documentId = `v${options.version}`
  await deps.vectors.upsert(
    chunks.map((_, i) => ({
      id: `${options.sessionId}:${documentId}:${i}`,
      namespace: documentNamespace(options.sessionId),
      values: vectors[i] as Float32Array,
      metadata: {
        sourceId: options.sessionId,
        documentId,
        paperKey: options.sessionId,
        kind: 'writing',
      },
    })),
    signal,
  )
  return chunks.map((c) => c.text)
}

export async function documentContext(
  deps: ContextDeps,
  options: { sessionId: string; version: number; markdown: string; query: string; topK: number },
  signal?: AbortSignal,
): Promise<DocumentContext> {
  if (!options.markdown.trim()) return { kind: 'empty', text: EMPTY_DOCUMENT_NOTE, chunks: 0 }
  const texts = await indexVersion(deps, options, signal)
  const [query] = await deps.embedder.embed([options.query], 'query', signal)
  const matches = query
    ? await deps.vectors.query(
        {
          namespace: documentNamespace(options.sessionId),
          vector: query,
          topK: options.topK,
          filter: { documentId: `v${options.version}` },
        },
        signal,
      )
    : []
  const picked = matches
    .filter((m) => m.score > 0)
    .map((m) => Number(m.id.split(':').at(-1)))
    .filter((i) => Number.isInteger(i) && texts[i] !== undefined)
  if (picked.length === 0) return { kind: 'full', text: options.markdown, chunks: texts.length }
  // Shown in document order, so the model reads them as the user wrote them.
  const text = [...new Set(picked)]
    .sort((a, b) => a - b)
    .map((i) => texts[i])
    .join('\n\n[…]\n\n')
  return { kind: 'chunks', text, chunks: picked.length }
}
