// The producer: one ingest_jobs row (status 'queued') and one queue message per job.
// A demo_corpus request while one is already in flight returns that job instead.
import {
  ACTIVE_JOB_WINDOW_MS,
  findActiveIngestJob,
  insertIngestJobs,
  recordIngestError,
  type NewIngestJob,
} from '../db'
import { ProviderError, TooLargeError } from '../errors'
import { LIBRARY_NAMESPACE } from '../namespaces'
import type { IngestDeps } from './job-context'
import type { IngestMessage, StoredIngestJob } from './schemas'

/** D1 rows are capped at 2,000,000 bytes; leave room for the other columns. */
const MAX_INPUT_BYTES = 1_900_000

export interface QueuedJob {
  job_id: string
  status: 'queued' | 'running' | 'done' | 'failed'
  status_url: string
}

type EnqueueDeps = Pick<IngestDeps, 'db' | 'ingestQueue' | 'now'>

/** An API body, or internal jobs (paper_pdf) a capability queues for its own runner. */
export interface JobsToQueue {
  jobs: StoredIngestJob[]
  namespace?: string
}

export async function enqueueIngestJobs(
  deps: EnqueueDeps,
  body: JobsToQueue,
): Promise<QueuedJob[]> {
  const queued: QueuedJob[] = []
  const fresh: NewIngestJob[] = []
  const messages: IngestMessage[] = []
  for (const job of body.jobs) {
    const namespace = job.namespace ?? body.namespace ?? LIBRARY_NAMESPACE
    const existing = job.type === 'demo_corpus' ? await findActiveDemo(deps, namespace) : undefined
    if (existing) {
      queued.push(view(existing.id, existing.status))
      continue
    }
    const input = { ...job, namespace }
    checkInputSize(input)
    const row = { id: crypto.randomUUID(), kind: job.type, input }
    fresh.push(row)
    messages.push({ jobId: row.id, type: job.type })
    queued.push(view(row.id, 'queued'))
  }
  await insertIngestJobs(deps.db, fresh, deps.now())
  await sendMessages(deps, messages)
  return queued
}

export function statusUrl(jobId: string): string {
  return `/api/ingest/${jobId}`
}

function view(jobId: string, status: QueuedJob['status']): QueuedJob {
  return { job_id: jobId, status, status_url: statusUrl(jobId) }
}

function findActiveDemo(deps: EnqueueDeps, namespace: string) {
  // A lost seeding job (older than the window) may be started again.
  const since = deps.now() - ACTIVE_JOB_WINDOW_MS
  return findActiveIngestJob(deps.db, { kind: 'demo_corpus', namespace, since })
}

function checkInputSize(input: Record<string, unknown>): void {
  const bytes = new TextEncoder().encode(JSON.stringify(input)).byteLength
  if (bytes > MAX_INPUT_BYTES) {
    throw new TooLargeError(`A job may hold at most ${MAX_INPUT_BYTES} bytes once encoded`, {
      details: { bytes, limit: MAX_INPUT_BYTES },
    })
  }
}

/** If the queue refuses, the rows must not sit 'queued' forever: fail them, then report 502. */
async function sendMessages(deps: EnqueueDeps, messages: IngestMessage[]): Promise<void> {
  if (messages.length === 0) return
  try {
    await deps.ingestQueue.sendBatch(messages.map((body) => ({ body })))
  } catch (cause) {
    for (const { jobId } of messages) {
      const error = { message: 'could not be queued', status: 'failed' as const }
      await recordIngestError(deps.db, jobId, error, deps.now())
    }
    throw new ProviderError('queue', 'The ingest queue refused the jobs', {
      cause,
      retryable: true,
    })
  }
}
