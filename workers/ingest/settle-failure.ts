// A job another capability runs is told when it has failed for good, so its own records (a
// paper's status) never stay "loading" after ingest gave up. Never throws: the job is over.
import type { JobContext } from './job-context'
import { findJobRunner } from './job-runners'
import { logIngest } from './log'
import type { StoredIngestJob } from './schemas'

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message.slice(0, 300) || 'unknown error'
}

export async function settleExternalFailure(
  job: StoredIngestJob,
  error: unknown,
  ctx: Pick<JobContext, 'deps'>,
): Promise<void> {
  if (job.type !== 'paper_pdf') return
  try {
    await findJobRunner('paper_pdf')?.fail(job, reasonOf(error), ctx)
  } catch (cause) {
    logIngest('error', 'could not record a failed job with its owner', {
      type: job.type,
      error: cause instanceof Error ? cause.message : String(cause),
    })
  }
}
