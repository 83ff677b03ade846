// The public shape of a job's status (GET /api/ingest/:job), built from its ingest_jobs row.
import type { IngestJobRow } from '../db'
import { statusUrl } from './enqueue'

export interface IngestJobStatus {
  job_id: string
  type: string
  namespace: string | null
  status: IngestJobRow['status']
  counts: { sources: number; documents: number; chunks: number; skipped: number }
  /** Only for fanned-out jobs (demo_corpus): follow-up messages planned and finished. */
  progress?: { parts: number; parts_done: number }
  errors: string[]
  attempts: number
  status_url: string
  created_at: string
  updated_at: string
}

export function toJobStatus(row: IngestJobRow): IngestJobStatus {
  const counts = row.counts
  const num = (key: string) => {
    const value = counts[key]
    return typeof value === 'number' ? value : 0
  }
  const parts = counts.parts
  const namespace = row.input.namespace
  return {
    job_id: row.id,
    type: row.kind,
    namespace: typeof namespace === 'string' ? namespace : null,
    status: row.status,
    counts: {
      sources: num('sources'),
      documents: num('documents'),
      chunks: num('chunks'),
      skipped: num('skipped'),
    },
    ...(typeof parts === 'number' ? { progress: { parts, parts_done: partsDone(counts) } } : {}),
    errors: row.errors,
    attempts: row.attempts,
    status_url: statusUrl(row.id),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

/** Each finished slice leaves a `part_<offset>` marker (see db/ingest-jobs.ts). */
function partsDone(counts: Record<string, number>): number {
  return Object.keys(counts).filter((key) => key.startsWith('part_')).length
}
