import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { mergeFtsStep } from '../../workers/db'
import { indexMany } from '../../workers/retrieval'
import { freshNamespace, indexDeps, paper } from './helpers'

const TOPICS = ['telomerase', 'apoptosis', 'insulin', 'microbiome', 'vitamin', 'malaria']

/** The rowids FTS5 ranks first for `term`, best first. */
async function ranked(term: string): Promise<number[]> {
  const { results } = await env.DB.prepare(
    'SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY bm25(chunks_fts) LIMIT 20',
  )
    .bind(term)
    .all<{ rowid: number }>()
  return results.map((r) => r.rowid)
}

describe('mergeFtsStep', () => {
  it('merges the segments bulk ingest leaves, in steps, and changes no ranking', async () => {
    const namespace = freshNamespace('merge')
    // One indexMany call per topic: each writes its own segments, as queue slices do.
    for (const [i, topic] of TOPICS.entries()) {
      const papers = Array.from({ length: 8 }, (_, j) =>
        paper(
          `merge-${i}-${j}`,
          `${topic} study ${j}`,
          `We measured ${topic} in cohort ${j}. ${TOPICS[(i + j) % TOPICS.length]} was also ` +
            // Many distinct terms, so the index spans pages and a one-page step cannot merge it.
            `recorded, with markers ${Array.from({ length: 200 }, (_, k) => `m${i}x${j}x${k}`).join(' ')}.`,
          { namespace },
        ),
      )
      await indexMany(indexDeps(), papers)
    }
    const before = await Promise.all(TOPICS.map(ranked))
    let worked = 0
    // Small steps, so the merge takes several of them; bounded, so a step that never
    // reports "nothing left" fails the test instead of hanging it.
    for (let step = 0; step < 200 && (await mergeFtsStep(env.DB, 1)); step++) worked++
    expect(worked).toBeGreaterThan(1)
    expect(await mergeFtsStep(env.DB, 1)).toBe(false)
    expect(await Promise.all(TOPICS.map(ranked))).toEqual(before)
    await env.DB.prepare(`INSERT INTO chunks_fts(chunks_fts) VALUES('integrity-check')`).run()
  })

  it('is a no-op on an index with nothing to merge', async () => {
    while (await mergeFtsStep(env.DB)) {
      // settle whatever earlier writes left
    }
    expect(await mergeFtsStep(env.DB)).toBe(false)
  })
})
