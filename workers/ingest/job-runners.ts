// Job types another capability runs (papers' paper_pdf): it registers a runner at module load,
// so ingest dispatches to it without importing it (papers imports ingest, not the reverse).
import type { JobContext } from './job-context'
import type { PaperPdfJob } from './schemas'

/** What a finished job reports (the ingest job's counts). */
export interface JobCounts {
  sources: number
  documents: number
  chunks: number
  skipped: number
}

export interface ExternalJobRunner<Job> {
  /** Runs one delivery; a thrown error goes through ingest's retry policy. */
  run(job: Job, ctx: JobContext): Promise<JobCounts>
  /** The job failed for good (non-retryable, last attempt or dead-lettered): record why. */
  fail(job: Job, reason: string, ctx: Pick<JobContext, 'deps'>): Promise<void>
  /** A delivery failed and the queue will try again: record why, so nothing looks stuck. */
  retrying?(job: Job, note: string, ctx: Pick<JobContext, 'deps'>): Promise<void>
}

interface ExternalJobs {
  paper_pdf: PaperPdfJob
}
export type ExternalJobType = keyof ExternalJobs

const runners = new Map<ExternalJobType, ExternalJobRunner<never>>()

export function registerJobRunner<T extends ExternalJobType>(
  type: T,
  runner: ExternalJobRunner<ExternalJobs[T]>,
): void {
  runners.set(type, runner as ExternalJobRunner<never>)
}

export function findJobRunner<T extends ExternalJobType>(
  type: T,
): ExternalJobRunner<ExternalJobs[T]> | undefined {
  return runners.get(type) as ExternalJobRunner<ExternalJobs[T]> | undefined
}
