// POST /api/papers/load's side: each paper is recorded `queued` and gets one paper_pdf job on
// the ingest queue; the consumer does the loading (load-job.ts). If the queue refuses, the
// papers are marked failed rather than left queued.
import type { Deps } from '../deps'
import { callOperation } from '../http'
import { enqueueIngestJobs, type QueuedJob } from '../ingest'
import type { SessionStub } from '../session'
import { recordOf, reasonOf, type PaperToLoad } from './load'
import { paperJobOf } from './load-job'
import { paperOperations } from './operations'
import type { PaperRecord } from './paper-store'

export interface QueuedLoad {
  papers: PaperRecord[]
  jobs: QueuedJob[]
}

export async function queuePaperLoads(
  deps: Pick<Deps, 'db' | 'ingestQueue' | 'now'>,
  target: { stub: SessionStub; sessionId: string },
  papers: PaperToLoad[],
): Promise<QueuedLoad> {
  const record = (paper: PaperRecord) => callOperation(target.stub, paperOperations.put, paper)
  const queued: PaperRecord[] = []
  for (const paper of papers) queued.push(await record(recordOf(paper, 'queued')))
  try {
    const jobs = await enqueueIngestJobs(deps, {
      jobs: papers.map((paper) => paperJobOf(target.sessionId, paper)),
    })
    return { papers: queued, jobs }
  } catch (error) {
    for (const paper of papers) await record(recordOf(paper, 'failed', { error: reasonOf(error) }))
    throw error
  }
}
