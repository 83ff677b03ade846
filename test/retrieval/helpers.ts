// Builders shared by the retrieval tests: index dependencies over the test D1, papers as
// IndexRequests, and a scripted ChatModel for the model stages.
import { env } from 'cloudflare:test'
import type { ChatModel, ChatModels, ModelRequest, ModelResponse } from '../../workers/llm'
import { LIBRARY_NAMESPACE } from '../../workers/namespaces'
import { createOfflineEmbedder, type IndexRequest, type VectorStore } from '../../workers/retrieval'
import { createD1VectorStore } from '../../workers/retrieval/vectors/d1-vectors'

let unique = 0
/** A namespace no other test uses (D1 is shared by the tests of one file). */
export const freshNamespace = (label = 'test') => `${label}-${Date.now().toString(36)}-${unique++}`

export function indexDeps(vectors?: VectorStore) {
  const embedder = createOfflineEmbedder({ dimensions: 384 })
  return {
    db: env.DB,
    embedder,
    vectors: vectors ?? createD1VectorStore({ db: env.DB, space: embedder.id, dimensions: 384 }),
  }
}

export function paper(
  id: string,
  title: string,
  text: string,
  options: { namespace?: string; doi?: string; url?: string; kind?: 'arxiv' | 'corpus' } = {},
): IndexRequest {
  return {
    source: {
      kind: options.kind ?? 'corpus',
      externalId: id,
      title,
      doi: options.doi ?? null,
      url: options.url ?? null,
      authors: ['A. Author'],
      year: 2020,
    },
    documents: [{ pages: [{ page: 1, text }] }],
    namespace: options.namespace ?? LIBRARY_NAMESPACE,
  }
}

export type Script = (request: ModelRequest) => string | Error

/** A ChatModel answering complete() from `script`; stream() is unused by retrieval. */
export function scriptedModel(script: Script): ChatModel & { calls: ModelRequest[] } {
  const calls: ModelRequest[] = []
  return {
    model: 'scripted',
    contextTokens: 8000,
    calls,
    async complete(request: ModelRequest): Promise<ModelResponse> {
      calls.push(request)
      const reply = script(request)
      if (reply instanceof Error) throw reply
      return { text: reply, reasoning: '', toolCalls: [], finishReason: 'stop' }
    },
    stream() {
      throw new Error('not used')
    },
  }
}

export function models(fast: ChatModel): ChatModels {
  return { main: fast, fast }
}
