// The upkeep round's term postings build under the event-loop lag probe: after a bulk job it
// tokenises and appends thousands of chunks, and /health and the page must stay responsive.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import sample from '../fixtures/ingest/scifact-corpus-5.jsonl?raw'
import { readPostingsState } from '../../workers/db'
import type { JobContext } from '../../workers/ingest'
import { runFtsMergeRound } from '../../workers/ingest/fts-merge'
import { indexMany } from '../../workers/retrieval'
import { freshNamespace, indexDeps, paper } from '../retrieval/helpers'
import { captureQueue } from './helpers'
import { MAX_STRETCH_MS, measureStretch } from './lag-probe'

/** More than two of the builder's 512-chunk batches. */
const CHUNKS = 1_200

const rows = sample
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as { title: string; text: string })

describe('the term postings in an upkeep round', () => {
  it('are built in short stretches', async () => {
    const namespace = freshNamespace('stretch-postings')
    const papers = Array.from({ length: CHUNKS }, (_, i) => {
      const row = rows[i % rows.length] ?? { title: 'x', text: 'x' }
      return paper(`sp-${i}`, `${row.title} (${i})`, `${row.text} Replicate ${i}.`, { namespace })
    })
    await indexMany(indexDeps(), papers, undefined, { postings: 'later' })
    captureQueue()
    const deps = { db: env.DB, ingestQueue: env.INGEST_QUEUE } as unknown as JobContext['deps']
    const ctx = {
      deps,
      readAsset: async () => new Uint8Array(),
      signal: new AbortController().signal,
    }
    const message = { jobId: 'stretch', type: 'text', merge: { round: 1, fts: false } } as const
    const run = await measureStretch(`postings upkeep, ${CHUNKS} chunks`, () =>
      runFtsMergeRound(message, ctx),
    )
    const state = await readPostingsState(env.DB)
    expect(state.builtThrough).toBe(state.maxChunkId)
    expect(run.maxStretchMs).toBeLessThan(MAX_STRETCH_MS)
    // Several batches, each sliced: no one stretch holds most of the round.
    expect(run.maxStretchMs / run.totalMs).toBeLessThan(0.5)
  }, 180_000)
})
