// The retrieval capability: chunking, the Embedder and VectorStore ports and adapters, the
// indexer (write path), hybrid retrieval (read path) and the corpus as a search provider.
export * from './embedder'
export * from './vector-store'
export * from './retriever'
export * from './indexer-types'
export { createEmbedder, createVectorStore } from './create-adapters'
export { createRetriever, type RetrieverDeps } from './hybrid'
export { createCorpusSearch, sourceUrl } from './corpus-search'
export { chunkText, CHUNK_PRESETS, type ChunkSpec, type TextChunk } from './chunker'
export { createOfflineEmbedder, OFFLINE_EMBEDDER_VERSION } from './embedders/offline'
export {
  indexDocuments,
  indexMany,
  POSTINGS_PER_CALL,
  type IndexDeps,
  type IndexOptions,
} from './indexing/indexer'
export {
  buildTermPostings,
  purgeDeletedPostings,
  type PostingsBuild,
} from './indexing/postings-builder'
export { parseCorpusJsonl, type CorpusRow } from './corpus/jsonl'
export { corpusIndexRequest } from './corpus/requests'
export { TASK_PARAMS, type TaskParams } from './search/task-router'
export { planSearchWithModel, type PlanTurn } from './search/plan-prompt'
export { DEFAULT_TOKEN_BUDGET } from './search/budget'
export { toRetrieved } from './search/hydrate'
