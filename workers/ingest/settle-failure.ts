// A job another capability runs is told when it has failed for good, so its own records (a
// paper's status) never stay "loading" after ingest gave up, and when a delivery failed and
// will be retried, so a wait between attempts says why. Never throws.
import type { JobContext } from './job-context'
import { findJobRunner } from './job-runners'
import { logIngest } from './log'
import type { StoredIngestJob } from './schemas'

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message.slice(0, 300) || 'unknown error'
}

async function tellOwner(
  job: StoredIngestJob,
  what: 'fail' | 'retrying',
  text: string,
  ctx: Pick<JobContext, 'deps'>,
): Promise<void> {
  if (job.type !== 'paper_pdf') return
  try {
    const runner = findJobRunner('paper_pdf')
    await (what === 'fail' ? runner?.fail(job, text, ctx) : runner?.retrying?.(job, text, ctx))
  } catch (cause) {
    logIngest(
      'error',
      `could not record a ${what === 'fail' ? 'failed' : 'retried'} job with its owner`,
      {
        type: job.type,
        error: cause instanceof Error ? cause.message : String(cause),
      },
    )
  }
}

export async function settleExternalFailure(
  job: StoredIngestJob,
  error: unknown,
  ctx: Pick<JobContext, 'deps'>,
): Promise<void> {
  await tellOwner(job, 'fail', reasonOf(error), ctx)
}

export async function noteExternalRetry(
  job: StoredIngestJob,
  error: unknown,
  retry: { attempt: number; delaySeconds: number },
  ctx: Pick<JobContext, 'deps'>,
): Promise<void> {
  const note = `attempt ${retry.attempt} failed (${reasonOf(error)}); trying again in ${retry.delaySeconds} s`
  await tellOwner(job, 'retrying', note, ctx)
}
