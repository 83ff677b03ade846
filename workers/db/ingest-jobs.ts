// Typed queries over ingest_jobs. Progress updates are single atomic statements (JSON
// functions in SQL) because fanned-out messages of one job can finish concurrently.
import { and, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import { ingestJobs, type IngestJobRow } from './schema'

export type IngestJobStatus = IngestJobRow['status']

export interface NewIngestJob {
  id: string
  kind: string
  input: Record<string, unknown>
}

export interface CountDelta {
  sources: number
  documents: number
  chunks: number
  skipped: number
}

const ACTIVE: IngestJobStatus[] = ['queued', 'running']
/** Errors kept per job, so a long fan-out's retries cannot grow the row without bound. */
const MAX_ERRORS = 50

export async function insertIngestJobs(
  db: D1Database,
  jobs: NewIngestJob[],
  now: number,
): Promise<void> {
  if (jobs.length === 0) return
  const orm = drizzle(db)
  const at = new Date(now)
  // One statement per row: D1 caps bound parameters per statement at 100.
  const [first, ...rest] = jobs.map((j) =>
    orm.insert(ingestJobs).values({ ...j, status: 'queued', createdAt: at, updatedAt: at }),
  )
  if (first) await orm.batch([first, ...rest])
}

export async function getIngestJob(db: D1Database, id: string): Promise<IngestJobRow | undefined> {
  return drizzle(db).select().from(ingestJobs).where(eq(ingestJobs.id, id)).get()
}

/**
 * A seeding job untouched for this long is presumed lost (a dev server restart drops queued
 * messages): it no longer counts as active. Live slices touch the row at least every backoff.
 */
export const ACTIVE_JOB_WINDOW_MS = 10 * 60_000

/**
 * The newest queued/running job of a kind touched since `since`, in `namespace` when given
 * (dedupes seeding; tells /health whether the demo corpus is still loading).
 */
export async function findActiveIngestJob(
  db: D1Database,
  query: { kind: string; namespace?: string; since: number },
): Promise<IngestJobRow | undefined> {
  return drizzle(db)
    .select()
    .from(ingestJobs)
    .where(
      and(
        eq(ingestJobs.kind, query.kind),
        inArray(ingestJobs.status, ACTIVE),
        gte(ingestJobs.updatedAt, new Date(query.since)),
        query.namespace === undefined
          ? undefined
          : sql`json_extract(${ingestJobs.input}, '$.namespace') = ${query.namespace}`,
      ),
    )
    .orderBy(desc(ingestJobs.createdAt))
    .get()
}

/** Marks an active job running and counts the attempt; undefined when it is already settled. */
export async function startIngestAttempt(
  db: D1Database,
  id: string,
  now: number,
): Promise<IngestJobRow | undefined> {
  const rows = await drizzle(db)
    .update(ingestJobs)
    .set({ status: 'running', attempts: sql`${ingestJobs.attempts} + 1`, updatedAt: new Date(now) })
    .where(and(eq(ingestJobs.id, id), inArray(ingestJobs.status, ACTIVE)))
    .returning()
  return rows[0]
}

export async function completeIngestJob(
  db: D1Database,
  id: string,
  counts: CountDelta,
  now: number,
): Promise<void> {
  await drizzle(db)
    .update(ingestJobs)
    .set({ status: 'done', counts: { ...counts }, updatedAt: new Date(now) })
    .where(and(eq(ingestJobs.id, id), ne(ingestJobs.status, 'failed')))
}

/** Appends an error; `status` moves the job (queued = waiting for a retry, failed = final). */
export async function recordIngestError(
  db: D1Database,
  id: string,
  error: { message: string; status?: 'queued' | 'failed' },
  now: number,
): Promise<void> {
  const errors = sql`CASE WHEN json_array_length(${ingestJobs.errors}) < ${MAX_ERRORS}
    THEN json_insert(${ingestJobs.errors}, '$[#]', ${error.message}) ELSE ${ingestJobs.errors} END`
  await drizzle(db)
    .update(ingestJobs)
    .set({
      errors,
      updatedAt: new Date(now),
      // A final failure sticks; a retry never resurrects a failed or finished job.
      ...(error.status ? { status: error.status } : {}),
    })
    .where(
      error.status === 'queued'
        ? and(eq(ingestJobs.id, id), inArray(ingestJobs.status, ACTIVE))
        : eq(ingestJobs.id, id),
    )
}

/** Records how many follow-up messages a fanned-out job was split into, and how many rows. */
export async function setIngestParts(
  db: D1Database,
  id: string,
  split: { parts: number; rows: number },
  now: number,
): Promise<void> {
  await drizzle(db)
    .update(ingestJobs)
    .set({
      counts: sql`json_set(${ingestJobs.counts}, '$.parts', ${split.parts}, '$.rows', ${split.rows})`,
      updatedAt: new Date(now),
    })
    .where(eq(ingestJobs.id, id))
}

/**
 * Adds one part's counts exactly once: the part's marker key guards against a redelivered
 * message counting twice. Returns false when the part was already recorded.
 */
export async function addIngestPartCounts(
  db: D1Database,
  input: { id: string; part: number; counts: CountDelta },
  now: number,
): Promise<boolean> {
  const marker = `$.part_${input.part}`
  const add = (key: keyof CountDelta) =>
    sql`'$.${sql.raw(key)}', coalesce(json_extract(${ingestJobs.counts}, '$.${sql.raw(key)}'), 0) + ${input.counts[key]}`
  const counts = sql`json_set(${ingestJobs.counts}, ${add('sources')}, ${add('documents')},
    ${add('chunks')}, ${add('skipped')}, ${marker}, 1)`
  const rows = await drizzle(db)
    .update(ingestJobs)
    .set({ counts, updatedAt: new Date(now) })
    .where(
      and(eq(ingestJobs.id, input.id), sql`json_extract(${ingestJobs.counts}, ${marker}) IS NULL`),
    )
    .returning({ id: ingestJobs.id })
  return rows.length > 0
}

/** Marks a fanned-out job done once every part is recorded (no-op before then, or if failed). */
export async function finishIngestJobIfComplete(
  db: D1Database,
  id: string,
  now: number,
): Promise<boolean> {
  const partsDone = sql`(SELECT count(*) FROM json_each(${ingestJobs.counts}) WHERE key LIKE 'part\\_%' ESCAPE '\\')`
  const rows = await drizzle(db)
    .update(ingestJobs)
    .set({ status: 'done', updatedAt: new Date(now) })
    .where(
      and(
        eq(ingestJobs.id, id),
        inArray(ingestJobs.status, ACTIVE),
        sql`json_extract(${ingestJobs.counts}, '$.parts') IS NOT NULL`,
        sql`${partsDone} >= json_extract(${ingestJobs.counts}, '$.parts')`,
      ),
    )
    .returning({ id: ingestJobs.id })
  return rows.length > 0
}
