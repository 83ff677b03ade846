// LangChain.js hybrid: EnsembleRetriever (weighted RRF, equal weights, c = 60) over the okapi
// BM25 retriever and a MemoryVectorStore retriever. The embedding is deterministic and local:
// Quire's offline feature-hashing embedder (384 dimensions) behind LangChain's Embeddings.
import { Embeddings } from '@langchain/core/embeddings'
import { EnsembleRetriever } from '@langchain/classic/retrievers/ensemble'
import { MemoryVectorStore } from '@langchain/classic/vectorstores/memory'
import { createOfflineEmbedder } from '../../workers/retrieval'
import { idsOf, OkapiBm25Retriever, toDocuments } from './langchain-bm25'
import type { Peer } from './types'

class OfflineEmbeddings extends Embeddings {
  private readonly embedder = createOfflineEmbedder({ dimensions: 384 })
  constructor() {
    super({})
  }
  async embedDocuments(texts: string[]): Promise<number[][]> {
    return (await this.embedder.embed(texts, 'document')).map((v) => Array.from(v))
  }
  async embedQuery(text: string): Promise<number[]> {
    const [vector] = await this.embedder.embed([text], 'query')
    return Array.from(vector ?? [])
  }
}

export function langchainEnsemblePeer(depth: number): Peer {
  let retriever: EnsembleRetriever | undefined
  return {
    name: 'langchain ensemble (bm25 + memory vectors)',
    async build(docs) {
      const documents = toDocuments(docs)
      const store = await MemoryVectorStore.fromDocuments(documents, new OfflineEmbeddings())
      retriever = new EnsembleRetriever({
        retrievers: [new OkapiBm25Retriever(documents, depth), store.asRetriever(depth)],
      })
    },
    async search(query, k) {
      if (!retriever) throw new Error('langchain ensemble: build() first')
      return idsOf(await retriever.invoke(query)).slice(0, k)
    },
  }
}
