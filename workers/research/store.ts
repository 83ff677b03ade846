// A research run's record in D1, typed: created by POST, patched by each Workflow step, read by
// GET. Sections are kept by sub-question index (one entry per step), listed in plan order.
import { insertResearchRun, patchResearchRun, readResearchRun, type ResearchRunRow } from '../db'
import type { ResearchParams } from './schemas'
import type { ResearchRecord, ResearchSection, ResearchStatus } from './types'

/** The stored shape: the record with sections keyed by index instead of listed. */
type StoredRecord = Omit<ResearchRecord, 'sections' | 'status'> & {
  section_map: Record<string, ResearchSection>
}

export function newRecord(params: ResearchParams, now: number): StoredRecord {
  return {
    research_id: params.research_id,
    session_id: params.session_id,
    question: params.question,
    plan: null,
    section_map: {},
    report: null,
    usage: {
      calls: 0,
      tokens: 0,
      budget_calls: params.options.budget_calls,
      wall_ms: 0,
      steps: [],
    },
    mode: 'offline',
    fallbacks: [],
    started_at: now,
  }
}

export async function createResearch(
  db: D1Database,
  params: ResearchParams,
  now: number,
): Promise<void> {
  const record = newRecord(params, now)
  await insertResearchRun(db, {
    id: params.research_id,
    sessionId: params.session_id,
    status: 'planning',
    record,
    createdAt: new Date(now),
    updatedAt: new Date(now),
  })
}

function toRecord(row: ResearchRunRow): ResearchRecord {
  const { section_map: sections = {}, ...rest } = row.record as unknown as StoredRecord
  return {
    ...rest,
    status: row.status as ResearchStatus,
    sections: Object.values(sections).sort((a, b) => a.index - b.index),
  }
}

export async function readResearch(
  db: D1Database,
  id: string,
  sessionId: string,
): Promise<ResearchRecord | undefined> {
  const row = await readResearchRun(db, id, sessionId)
  return row ? toRecord(row) : undefined
}

type Fields = Partial<Omit<ResearchRecord, 'sections' | 'status' | 'research_id' | 'session_id'>>

export function updateResearch(
  db: D1Database,
  id: string,
  change: { fields?: Fields; status?: ResearchStatus; section?: ResearchSection; now: number },
): Promise<boolean> {
  const { section } = change
  return patchResearchRun(db, {
    id,
    fields: change.fields ?? {},
    ...(change.status ? { status: change.status } : {}),
    ...(section
      ? { entry: { field: 'section_map', key: String(section.index), value: section } }
      : {}),
    now: change.now,
  })
}
