// Runs one delivery of a job: text and source jobs index and complete in one go; the demo
// corpus fans out into slices that complete the job together; paper_pdf goes to the runner
// papers registered. A job that added many chunks is followed by merging the full-text index.
import { completeIngestJob } from '../db'
import { indexMany } from '../retrieval'
import { runDemoCorpusMessage } from './demo-corpus'
import { MERGE_AFTER_CHUNKS, queueFtsMerge } from './fts-merge'
import type { JobContext } from './job-context'
import { findJobRunner } from './job-runners'
import type { IngestMessage, StoredIngestJob } from './schemas'
import { sourceJobToIndexRequests } from './source-requests'
import { textToIndexRequest } from './text-request'

export interface StoredJob {
  job: StoredIngestJob
  namespace: string
}

export async function runIngestJob(
  stored: StoredJob,
  message: IngestMessage,
  ctx: JobContext,
): Promise<void> {
  const { job, namespace } = stored
  if (job.type === 'demo_corpus') return runDemoCorpusMessage(message, namespace, ctx)
  if (job.type === 'paper_pdf') {
    const runner = findJobRunner('paper_pdf')
    if (!runner) throw new Error('no runner registered for paper_pdf jobs')
    const counts = await runner.run(job, ctx)
    return completeIngestJob(ctx.deps.db, message.jobId, counts, ctx.deps.now())
  }
  const requests =
    job.type === 'text'
      ? [await textToIndexRequest(job, namespace)]
      : await sourceJobToIndexRequests(job, namespace, ctx)
  const counts = await indexMany(ctx.deps, requests, ctx.signal, { postings: 'later' })
  await completeIngestJob(ctx.deps.db, message.jobId, counts, ctx.deps.now())
  if (counts.chunks > 0) await queueFtsMerge(message, ctx, counts.chunks >= MERGE_AFTER_CHUNKS)
}
