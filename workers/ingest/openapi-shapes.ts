// /openapi.json payload schemas of the ingest routes, checked at compile time against the
// types the capability returns.
import { z } from 'zod'
import { openApi, type Json } from '../http'
import type { IngestJobStatus } from './job-view'
import type { QueuedJob } from './enqueue'

const { jsonSchema } = openApi

// Compile-time drift guard: `Same` is true only when both types accept the same values.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Holds<T extends true> = T

const jobState = z.enum(['queued', 'running', 'done', 'failed'])
const queuedJob = z.object({ job_id: z.string(), status: jobState, status_url: z.string() })
type _QueuedJobHolds = Holds<Same<z.input<typeof queuedJob>, QueuedJob>>

const count = z.number().int().min(0)
const ingestJobStatus = z.object({
  job_id: z.string(),
  type: z.string(),
  namespace: z.string().nullable(),
  status: jobState,
  counts: z.object({ sources: count, documents: count, chunks: count, skipped: count }),
  progress: z.object({ parts: count, parts_done: count }).optional(),
  errors: z.array(z.string()),
  attempts: count,
  status_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
})
type _JobStatusHolds = Holds<Same<z.input<typeof ingestJobStatus>, IngestJobStatus>>

/** components.schemas entries of this capability. */
export function ingestSchemas(): Record<string, Json> {
  return {
    QueuedJob: jsonSchema(queuedJob),
    IngestJobStatus: jsonSchema(ingestJobStatus),
  }
}
