// Messages of quire-ingest-dlq: the runtime gave up on them. Record each job as failed with
// the last reason it saw, then ack: a dead letter is never processed again.
import { getIngestJob, recordIngestError } from '../db'
import type { IngestDeps } from './job-context'
import { logIngest } from './log'
import { ingestMessageSchema, storedJobSchema } from './schemas'
import { settleExternalFailure } from './settle-failure'

export async function recordDeadLetter(msg: Message, deps: IngestDeps): Promise<void> {
  const parsed = ingestMessageSchema.safeParse(msg.body)
  if (!parsed.success) {
    logIngest('warn', 'dropped malformed dead letter', { messageId: msg.id })
    return msg.ack()
  }
  const row = await getIngestJob(deps.db, parsed.data.jobId)
  if (!row || row.status === 'done') {
    logIngest('warn', 'dead letter for a finished or unknown job', { jobId: parsed.data.jobId })
    return msg.ack()
  }
  const reason = `dead-lettered: ${lastReason(row.errors)}`
  await recordIngestError(deps.db, row.id, { message: reason, status: 'failed' }, deps.now())
  const stored = storedJobSchema.safeParse(row.input)
  if (stored.success) await settleExternalFailure(stored.data, new Error(reason), { deps })
  logIngest('warn', 'job dead-lettered', { jobId: row.id, reason })
  msg.ack()
}

/** The newest recorded reason without our "attempt N:" prefix. */
function lastReason(errors: string[]): string {
  const last = errors.at(-1)
  if (!last) return 'retries exhausted'
  return last.replace(/^attempt \d+( \(final\))?: /, '')
}
