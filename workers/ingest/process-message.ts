// One message of quire-ingest: validate, mark running, run, and on failure decide between
// a delayed retry (transient) and a final failure (everything else). Never throws.
import { getIngestJob, recordIngestError, startIngestAttempt, type IngestJobRow } from '../db'
import { isAppError } from '../errors'
import { backoffSeconds, describeError, isLastAttempt, isRetryable } from './failure-policy'
import { runFtsMergeRound } from './fts-merge'
import type { JobContext } from './job-context'
import { logIngest } from './log'
import { runIngestJob, type StoredJob } from './run-job'
import { noteExternalRetry, settleExternalFailure } from './settle-failure'
import { LIBRARY_NAMESPACE } from '../namespaces'
import { ingestMessageSchema, storedJobSchema, type IngestMessage } from './schemas'

export async function processIngestMessage(msg: Message, ctx: JobContext): Promise<void> {
  const parsed = ingestMessageSchema.safeParse(msg.body)
  if (!parsed.success) {
    // It can never succeed: drop it rather than burn retries on it.
    logIngest('warn', 'dropped malformed message', {
      messageId: msg.id,
      issues: parsed.error.issues,
    })
    return msg.ack()
  }
  const message = parsed.data
  // The job is over by then: a merge round touches the index only, never the job's row.
  if (message.merge) {
    await runFtsMergeRound({ ...message, merge: message.merge }, ctx)
    return msg.ack()
  }
  const row = await startIngestAttempt(ctx.deps.db, message.jobId, ctx.deps.now())
  if (!row) return skipSettled(msg, message, ctx)
  const stored = readStoredJob(row)
  if (!stored) {
    await recordIngestError(
      ctx.deps.db,
      row.id,
      { message: 'stored job input is invalid', status: 'failed' },
      ctx.deps.now(),
    )
    logIngest('error', 'stored job input is invalid', { jobId: row.id })
    return msg.ack()
  }
  try {
    await runIngestJob(stored, message, ctx)
    msg.ack()
  } catch (error) {
    await handleFailure(msg, { message, stored, error }, ctx)
  }
}

async function skipSettled(msg: Message, message: IngestMessage, ctx: JobContext): Promise<void> {
  const row = await getIngestJob(ctx.deps.db, message.jobId)
  logIngest(row ? 'info' : 'warn', row ? 'job already settled' : 'message for unknown job', {
    jobId: message.jobId,
    status: row?.status,
  })
  msg.ack()
}

function readStoredJob(row: IngestJobRow): StoredJob | null {
  const parsed = storedJobSchema.safeParse(row.input)
  if (!parsed.success) return null
  return { job: parsed.data, namespace: parsed.data.namespace ?? LIBRARY_NAMESPACE }
}

interface Failure {
  message: IngestMessage
  stored: StoredJob
  error: unknown
}

async function handleFailure(msg: Message, failure: Failure, ctx: JobContext): Promise<void> {
  const { message, error } = failure
  const reason = describeError(error)
  const { db, now } = ctx.deps
  const attempt = msg.attempts
  if (!isRetryable(error)) {
    await recordIngestError(db, message.jobId, { message: reason, status: 'failed' }, now())
    await settleExternalFailure(failure.stored.job, error, ctx)
    // An AppError is an expected refusal; anything else is a bug worth an error line.
    logIngest(isAppError(error) ? 'warn' : 'error', 'job failed', {
      jobId: message.jobId,
      attempt,
      reason,
    })
    return msg.ack()
  }
  if (isLastAttempt(attempt)) {
    // The runtime moves the message to quire-ingest-dlq after this retry; the job is over now.
    await recordIngestError(
      db,
      message.jobId,
      { message: `attempt ${attempt} (final): ${reason}`, status: 'failed' },
      now(),
    )
    await settleExternalFailure(failure.stored.job, error, ctx)
    logIngest('warn', 'job failed after its last attempt', {
      jobId: message.jobId,
      attempt,
      reason,
    })
    return msg.retry()
  }
  // A slice of a fanned-out job leaves the job's status to its siblings.
  const status = message.slice ? undefined : 'queued'
  await recordIngestError(
    db,
    message.jobId,
    { message: `attempt ${attempt}: ${reason}`, status },
    now(),
  )
  const delaySeconds = backoffSeconds(attempt)
  await noteExternalRetry(failure.stored.job, error, { attempt, delaySeconds }, ctx)
  logIngest('info', 'job will be retried', { jobId: message.jobId, attempt, delaySeconds, reason })
  msg.retry({ delaySeconds })
}
