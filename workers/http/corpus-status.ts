// The corpus part of /health: counts, and whether the demo corpus is still being seeded (so the
// page can say "Loading the demo library (n of 5,183)…" instead of answering from half of it).
import { ACTIVE_JOB_WINDOW_MS, corpusStats, findActiveIngestJob } from '../db'

export interface CorpusStatus {
  state: 'seeding' | 'ready'
  sources: number
  documents: number
  chunks: number
  /** Rows in the demo corpus file while it is seeding; null before it has been split, or when ready. */
  total: number | null
}

export async function describeCorpus(db: D1Database, now: number): Promise<CorpusStatus> {
  const [stats, seeding] = await Promise.all([
    corpusStats(db),
    findActiveIngestJob(db, { kind: 'demo_corpus', since: now - ACTIVE_JOB_WINDOW_MS }),
  ])
  const rows = seeding?.counts.rows
  return {
    state: seeding ? 'seeding' : 'ready',
    ...stats,
    total: seeding && typeof rows === 'number' ? rows : null,
  }
}
