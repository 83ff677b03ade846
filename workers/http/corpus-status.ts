// The corpus part of /health: counts, and whether the library can be searched yet. `empty`: nothing
// indexed and no seeding under way (`npm start` queues one right after the server answers);
// `seeding`: the demo corpus is being indexed (the page says "Loading the demo library (n of
// 5,183)…" instead of answering from half of it); `ready`: searchable. Never `ready` with 0 chunks.
import { ACTIVE_JOB_WINDOW_MS, corpusStats, findActiveIngestJob } from '../db'

export interface CorpusStatus {
  state: 'empty' | 'seeding' | 'ready'
  sources: number
  documents: number
  chunks: number
  /** Rows in the demo corpus file while it is seeding; null before it has been split, or when ready. */
  total: number | null
}

/** Counts cover `namespaces` only: /health shows the public library, never private uploads. */
export async function describeCorpus(
  db: D1Database,
  namespaces: string[],
  now: number,
): Promise<CorpusStatus> {
  const [stats, seeding] = await Promise.all([
    corpusStats(db, namespaces),
    findActiveIngestJob(db, { kind: 'demo_corpus', since: now - ACTIVE_JOB_WINDOW_MS }),
  ])
  const rows = seeding?.counts.rows
  return {
    state: seeding ? 'seeding' : stats.chunks > 0 ? 'ready' : 'empty',
    ...stats,
    total: seeding && typeof rows === 'number' ? rows : null,
  }
}
