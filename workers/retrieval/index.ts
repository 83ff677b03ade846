// STUB (retrieval helper replaces)
import type { Config } from '../config'
import type { ChatModels } from '../llm'
import type { WebSearchProvider } from '../sources'
import type { Embedder } from './embedder'
import type { Retriever } from './retriever'
import type { VectorStore } from './vector-store'
export * from './embedder'
export * from './vector-store'
export * from './retriever'
export * from './indexer-types'
export function createEmbedder(_c: Config, _ai: Ai): Embedder { return { id: 'stub', dimensions: 4, embed: async (t) => t.map(() => new Float32Array(4)) } }
export function createVectorStore(_c: Config, _b: { db: D1Database; vectorize: VectorizeIndex; space: string }): VectorStore { return { upsert: async () => {}, query: async () => [], deleteByIds: async () => {} } }
export function createRetriever(_d: { config: Config; db: D1Database; embedder: Embedder; vectors: VectorStore; models: ChatModels | null }): Retriever { return { retrieve: async () => ({ task: 'qa', chunks: [], queries: [] }) } }
export function createCorpusSearch(_r: Retriever): WebSearchProvider { return { name: 'corpus', search: async () => [] } }
