// Queries over research_runs: one row per deep-research run, read only with its session. Each
// write is one statement that sets JSON fields in place (json_set), so parallel sub-question
// steps never overwrite each other, and none lands once the run is done, stopped or failed.
import { and, eq } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import { researchRuns } from './schema'

export type ResearchRunRow = typeof researchRuns.$inferSelect

const OPEN = "status NOT IN ('done', 'stopped', 'failed')"

export async function insertResearchRun(db: D1Database, row: ResearchRunRow): Promise<void> {
  await drizzle(db).insert(researchRuns).values(row)
}

export async function readResearchRun(
  db: D1Database,
  id: string,
  sessionId: string,
): Promise<ResearchRunRow | undefined> {
  return drizzle(db)
    .select()
    .from(researchRuns)
    .where(and(eq(researchRuns.id, id), eq(researchRuns.sessionId, sessionId)))
    .get()
}

export interface ResearchRunPatch {
  id: string
  /** Top-level record fields, each replaced whole. */
  fields: Record<string, unknown>
  /** One keyed entry of an object field: sections by index. */
  entry?: { field: string; key: string; value: unknown }
  status?: string
  now: number
}

const FIELD = /^[a-z_]+$/

/** Applies the patch unless the run already ended; true when it was applied. */
export async function patchResearchRun(db: D1Database, patch: ResearchRunPatch): Promise<boolean> {
  const paths: string[] = []
  const values: unknown[] = []
  const fields = { ...patch.fields, ...(patch.status ? { status: patch.status } : {}) }
  for (const [name, value] of Object.entries(fields)) {
    if (!FIELD.test(name)) throw new Error(`not a record field: ${name}`)
    paths.push(`'$.${name}', json(?)`)
    values.push(JSON.stringify(value ?? null))
  }
  if (patch.entry) {
    if (!FIELD.test(patch.entry.field) || !/^\d+$/.test(patch.entry.key))
      throw new Error('not a record entry')
    paths.push(`'$.${patch.entry.field}."${patch.entry.key}"', json(?)`)
    values.push(JSON.stringify(patch.entry.value))
  }
  const record = paths.length > 0 ? `record = json_set(record, ${paths.join(', ')}),` : ''
  const status = patch.status ? 'status = ?,' : ''
  const result = await db
    .prepare(`UPDATE research_runs SET ${record} ${status} updated_at = ? WHERE id = ? AND ${OPEN}`)
    .bind(...values, ...(patch.status ? [patch.status] : []), patch.now, patch.id)
    .run()
  return result.meta.changes > 0
}

/** The session a run belongs to, so its token can be checked before anything else is read. */
export async function readResearchSessionId(
  db: D1Database,
  id: string,
): Promise<string | undefined> {
  const row = await drizzle(db)
    .select({ sessionId: researchRuns.sessionId })
    .from(researchRuns)
    .where(eq(researchRuns.id, id))
    .get()
  return row?.sessionId
}
