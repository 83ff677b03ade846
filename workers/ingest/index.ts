// Ingest: the /api/ingest routes, the queue consumer (jobs and dead letters), and corpus counts.
export { ingestRoutes } from './routes'
export { handleIngestBatch, INGEST_DLQ_NAME, INGEST_QUEUE_NAME } from './consumer'
export { enqueueIngestJobs, type JobsToQueue, type QueuedJob } from './enqueue'
export { registerJobRunner, type ExternalJobRunner, type JobCounts } from './job-runners'
export type { JobContext } from './job-context'
export { toJobStatus, type IngestJobStatus } from './job-view'
export {
  ingestBodySchema,
  ingestJobSchema,
  ingestMessageSchema,
  type IngestBody,
  type IngestJob,
  type IngestJobType,
  type IngestMessage,
  type PaperPdfJob,
} from './schemas'
export { DEMO_CORPUS_PATH } from './demo-corpus'
export { arxivToIndexRequest, crossrefToIndexRequest } from './index-requests'
export { corpusIsEmpty, corpusStats, type CorpusStats } from '../db'
export { ingestOpenApi } from './openapi'
export { logIngest, type LogLevel } from './log'
