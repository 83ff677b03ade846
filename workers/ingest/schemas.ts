// Zod schemas at the ingest edges: the job payload (HTTP body and webhook body alike),
// the queue message, and the stored job input read back by the consumer.
import { z } from 'zod'
import { sharedNamespaceSchema } from '../namespaces'

export const MAX_JOBS_PER_REQUEST = 20
/** Upper bound for a text job's body, in UTF-8 bytes (the row limit is checked on enqueue). */
export const MAX_TEXT_BYTES = 2_000_000
/** Rounds of index upkeep after one job, at most (fts-merge.ts). */
export const FTS_MERGE_MAX_ROUNDS = 200

/** Key-holding ingestion writes shared namespaces only: never a session's private one. */
const namespaceSchema = sharedNamespaceSchema('letters, digits, - and _ (1-64 characters)')

const querySchema = z.string().trim().min(1).max(4000)
// Host checks (private, loopback, link-local) happen in safeFetch when the job runs.
const httpUrlSchema = z.url({ protocol: /^https?$/ }).max(2048)
const utf8Bytes = (text: string) => new TextEncoder().encode(text).byteLength

const base = { namespace: namespaceSchema.optional() }

export const ingestJobSchema = z.discriminatedUnion('type', [
  z.strictObject({
    ...base,
    type: z.literal('arxiv_query'),
    query: querySchema,
    max_results: z.number().int().min(1).max(50).optional(),
  }),
  z.strictObject({
    ...base,
    type: z.literal('arxiv_ids'),
    ids: z.array(z.string().trim().min(1).max(64)).min(1).max(50),
  }),
  z.strictObject({
    ...base,
    type: z.literal('crossref_query'),
    query: querySchema,
    rows: z.number().int().min(1).max(50).optional(),
  }),
  z.strictObject({ ...base, type: z.literal('url'), url: httpUrlSchema }),
  z.strictObject({
    ...base,
    type: z.literal('pdf_url'),
    url: httpUrlSchema,
    title: z.string().trim().min(1).max(500).optional(),
  }),
  z.strictObject({
    ...base,
    type: z.literal('text'),
    title: z.string().trim().min(1).max(500),
    text: z
      .string()
      .min(1)
      .refine((t) => t.trim().length > 0, 'must not be blank')
      .refine((t) => utf8Bytes(t) <= MAX_TEXT_BYTES, `must be at most ${MAX_TEXT_BYTES} bytes`),
    format: z.enum(['text', 'markdown']).optional(),
    external_id: z.string().trim().min(1).max(256).optional(),
  }),
  z.strictObject({ ...base, type: z.literal('demo_corpus') }),
])
export type IngestJob = z.infer<typeof ingestJobSchema>
export type IngestJobType = IngestJob['type']

/**
 * A paper for a session's paper namespace (POST /api/papers/load). Internal: queued by the
 * papers routes, never accepted from /api/ingest, run by the runner papers registers.
 */
export const paperPdfJobSchema = z.strictObject({
  type: z.literal('paper_pdf'),
  /** The session's paper namespace, `papers:<session>` (set by papers, not by a client). */
  namespace: z.string().min(1).max(200),
  session_id: z.string().min(1).max(128),
  paper: z.object({
    id: z.string().min(1).max(200),
    title: z.string().min(1).max(1000),
    arxiv_id: z.string().max(100).nullable(),
    pdf_url: z.string().max(2048).nullable(),
    authors: z.array(z.string().max(500)).max(200),
    year: z.number().int().nullable(),
    abstract: z.string().max(20_000).nullable(),
    abs_url: z.string().max(2048).nullable(),
  }),
})
export type PaperPdfJob = z.infer<typeof paperPdfJobSchema>

/** What an ingest_jobs row may hold: a public job or an internal one. */
export const storedJobSchema = z.union([ingestJobSchema, paperPdfJobSchema])
export type StoredIngestJob = z.infer<typeof storedJobSchema>

export const INGEST_JOB_TYPES = [
  'arxiv_query',
  'arxiv_ids',
  'crossref_query',
  'url',
  'pdf_url',
  'text',
  'demo_corpus',
  'paper_pdf',
] as const satisfies readonly StoredIngestJob['type'][]

const batchSchema = z.strictObject({
  jobs: z.array(ingestJobSchema).min(1).max(MAX_JOBS_PER_REQUEST),
  /** Default namespace for jobs that do not name one. */
  namespace: namespaceSchema.optional(),
})

/**
 * A body is one job or {jobs:[...]}; a single job (it has a `type`) is read as a batch of one.
 * Anything else is read as a batch, so a misnamed list ({"sources": [...]}) is reported as the
 * unknown field it is, beside the missing `jobs`, not as job 0's missing type.
 */
export const ingestBodySchema = z.preprocess(
  (body) => (isRecord(body) && !('jobs' in body) && 'type' in body ? { jobs: [body] } : body),
  batchSchema,
)
export type IngestBody = z.infer<typeof ingestBodySchema>

/** What travels on the queue; the job itself lives in its ingest_jobs row (a text job may exceed 128 KB). */
export const ingestMessageSchema = z.object({
  jobId: z.string().min(1).max(64),
  type: z.enum(INGEST_JOB_TYPES),
  /** demo_corpus fan-out: the slice of corpus rows this message indexes. */
  slice: z
    .object({ offset: z.number().int().min(0), limit: z.number().int().min(1).max(1000) })
    .optional(),
  /** demo_corpus: rows per follow-up message (tests use small slices). */
  sliceSize: z.number().int().min(1).max(1000).optional(),
  /**
   * After a job finished: round n of index upkeep (fts-merge.ts), the term postings catching
   * up and, unless `fts` is false (a small job), merging the full-text index first.
   */
  merge: z
    .object({
      round: z.number().int().min(1).max(FTS_MERGE_MAX_ROUNDS),
      fts: z.boolean().optional(),
    })
    .optional(),
})
export type IngestMessage = z.infer<typeof ingestMessageSchema>

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
