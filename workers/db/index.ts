// The database's one public face: typed queries per table and the row types. Capabilities call
// these and never drizzle or the schema's tables directly.
export { readAnswerCacheRow, writeAnswerCacheRow, type CachedAnswerRow } from './answer-cache'
export * from './chunk-writes'
export * from './corpus-reads'
export * from './corpus-stats'
export * from './corpus-writes'
export { readOpeningChunks } from './opening-reads'
export * from './ingest-jobs'
export { readSource, readSourcePassages, type SourcePassageRow } from './source-reads'
export type { ChunkRow, DocumentRow, IngestJobRow, SourceRow } from './schema'
export * from './vector-queries'
export * from './webhook-deliveries'
export * from './writing-documents'
