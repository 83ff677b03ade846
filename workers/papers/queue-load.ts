// Queueing paper loads (POST /api/papers/load and the agent's load_selected_papers): each paper
// is recorded `queued` and gets one paper_pdf job on the ingest queue; the consumer does the
// loading (load-job.ts). If the queue refuses, the papers are marked failed rather than left
// queued.
import type { Deps } from '../deps'
import { enqueueIngestJobs, type QueuedJob } from '../ingest'
import { recordOf, reasonOf, type PaperToLoad } from './load'
import { paperJobOf } from './load-job'
import type { PaperRecord } from './paper-store'

export interface QueuedLoad {
  papers: PaperRecord[]
  jobs: QueuedJob[]
}

export interface LoadTarget {
  sessionId: string
  /** Writes a record to the session's paper store (through its stub, or in the session). */
  record: (paper: PaperRecord) => Promise<PaperRecord>
}

export async function queuePaperLoads(
  deps: Pick<Deps, 'db' | 'ingestQueue' | 'now'>,
  target: LoadTarget,
  papers: PaperToLoad[],
): Promise<QueuedLoad> {
  const queued: PaperRecord[] = []
  for (const paper of papers) queued.push(await target.record(recordOf(paper, 'queued')))
  try {
    const jobs = await enqueueIngestJobs(deps, {
      jobs: papers.map((paper) => paperJobOf(target.sessionId, paper)),
    })
    return { papers: queued, jobs }
  } catch (error) {
    for (const paper of papers) {
      await target.record(recordOf(paper, 'failed', { error: reasonOf(error) }))
    }
    throw error
  }
}
