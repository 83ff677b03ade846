// The database's one public face: typed queries per table and the row types. Capabilities call
// these and never drizzle or the schema's tables directly.
export {
  purgeAnswerCache,
  readAnswerCacheRow,
  writeAnswerCacheRow,
  type CachedAnswerRow,
} from './answer-cache'
export * from './chunk-writes'
export * from './corpus-reads'
export * from './corpus-stats'
export * from './corpus-writes'
export * from './document-replace'
export * from './erasure-queries'
export { readOpeningChunks } from './opening-reads'
export * from './ingest-jobs'
export { readEvidenceTexts, type EvidenceTextRow } from './evidence-reads'
export { readSource, readSourcePassages, type SourcePassageRow } from './source-reads'
export type { ChunkRow, DocumentRow, IngestJobRow, SourceRow } from './schema'
export * from './vector-queries'
export * from './webhook-deliveries'
export * from './writing-documents'
export * from './shared-document-types'
export { FTS_MERGE_STEP_PAGES, mergeFtsStep } from './fts-merge'
export * from './index-vocabulary'
export { forgetDatabaseCaches, perDatabaseCache } from './isolate-caches'
export * from './term-postings'
export * from './postings-reads'
export * from './namespace-terms'
export { bytesToHex, hexToBytes } from './hex'
export { readApiResponse, writeApiResponse, type ApiResponseRow } from './api-responses'
export * from './research-runs'
export * from './client-quotas'
