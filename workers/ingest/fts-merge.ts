// After a bulk job finishes, the full-text index is merged (db/fts-merge.ts) and the term
// postings catch up with the chunks (retrieval/indexing/postings-builder.ts): a few bounded
// steps per queue message with a yield between them, and the next round queued while work
// remains. Both only make queries faster, so a failure is logged and dropped: the job's own
// status never depends on it.
import { FTS_MERGE_STEP_PAGES, mergeFtsStep } from '../db'
import { buildTermPostings } from '../retrieval'
import { yieldToRequests } from '../yield'
import { describeError } from './failure-policy'
import type { JobContext } from './job-context'
import { logIngest } from './log'
import { FTS_MERGE_MAX_ROUNDS, type IngestMessage } from './schemas'

/**
 * Chunks a finished job must have added before merging pays: a merge rewrites the whole index,
 * which after a handful of documents costs far more than the segment it removes.
 */
export const MERGE_AFTER_CHUNKS = 1000
/** Steps per message: each writes ~500 pages, so a round is about a second of SQLite work. */
const STEPS_PER_ROUND = 10
/** Chunks added to the term postings per round, about another second of work. */
const POSTINGS_PER_ROUND = 2048

/**
 * Queues the first upkeep round after a job that stored chunks: the postings always, the merge
 * when `fts` (the demo corpus; other jobs past MERGE_AFTER_CHUNKS). The job is done by then: a
 * queue that refuses the message is logged, never the job's error.
 */
export async function queueFtsMerge(
  message: IngestMessage,
  ctx: JobContext,
  fts = true,
): Promise<void> {
  try {
    await ctx.deps.ingestQueue.send({
      jobId: message.jobId,
      type: message.type,
      merge: { round: 1, fts },
    })
  } catch (error) {
    logIngest('warn', 'index merge not queued', {
      jobId: message.jobId,
      reason: describeError(error),
    })
  }
}

/**
 * One round: up to `size.steps` merge steps (unless `fts` is false), then up to `size.postings`
 * chunks into the term postings once merged, then the next round if either is unfinished.
 */
export async function runFtsMergeRound(
  message: IngestMessage & { merge: { round: number; fts?: boolean } },
  ctx: JobContext,
  size: { steps: number; pages: number; postings?: number } = {
    steps: STEPS_PER_ROUND,
    pages: FTS_MERGE_STEP_PAGES,
  },
): Promise<void> {
  const { jobId, merge } = message
  let merged = merge.fts === false
  let done = false
  try {
    for (let step = 0; step < size.steps && !merged; step++) {
      merged = !(await mergeFtsStep(ctx.deps.db, size.pages))
      await yieldToRequests()
    }
    if (merged) {
      const postings = size.postings ?? POSTINGS_PER_ROUND
      done = (await buildTermPostings(ctx.deps.db, postings)).caughtUp
    }
  } catch (error) {
    logIngest('warn', 'index merge failed', {
      jobId,
      round: merge.round,
      reason: describeError(error),
    })
    return
  }
  if (done) {
    logIngest('info', 'index merged', { jobId, rounds: merge.round })
    return
  }
  if (merge.round >= FTS_MERGE_MAX_ROUNDS) {
    logIngest('warn', 'index merge stopped at its last round', { jobId, rounds: merge.round })
    return
  }
  await ctx.deps.ingestQueue.send({ ...message, merge: { ...merge, round: merge.round + 1 } })
}
