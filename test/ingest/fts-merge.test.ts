import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mergeFtsStep, readPostingsState } from '../../workers/db'
import type { IngestMessage, JobContext } from '../../workers/ingest'
import { queueFtsMerge, runFtsMergeRound } from '../../workers/ingest/fts-merge'
import { FTS_MERGE_MAX_ROUNDS } from '../../workers/ingest/schemas'
import { indexMany } from '../../workers/retrieval'
import { freshNamespace, indexDeps, paper } from '../retrieval/helpers'
import { captureQueue, runBatch } from './helpers'

afterEach(() => vi.restoreAllMocks())

const round = (n: number) =>
  ({ jobId: 'merge-job', type: 'demo_corpus', merge: { round: n } }) satisfies IngestMessage

function context(db: D1Database = env.DB): JobContext {
  const deps = { db, ingestQueue: env.INGEST_QUEUE } as unknown as JobContext['deps']
  return { deps, readAsset: async () => new Uint8Array(), signal: new AbortController().signal }
}

/** Several write batches, so the index holds segments to merge across many one-page steps. */
async function indexInBatches(): Promise<void> {
  const namespace = freshNamespace('merge-round')
  for (let batch = 0; batch < 4; batch++) {
    const words = (j: number) => Array.from({ length: 300 }, (_, k) => `w${batch}y${j}y${k}`)
    await indexMany(
      indexDeps(),
      Array.from({ length: 6 }, (_, j) =>
        paper(`round-${batch}-${j}`, `Batch ${batch} paper ${j}`, words(j).join(' '), {
          namespace,
        }),
      ),
    )
  }
}

describe('merging the full-text index after a bulk job', () => {
  it('queues the next round while work remains, with the same job', async () => {
    await indexInBatches()
    const sent = captureQueue()
    await runFtsMergeRound(round(1), context(), { steps: 2, pages: 1 })
    expect(sent).toEqual([{ ...round(1), merge: { round: 2 } }])
  })

  it('stops once the index is merged, and at its last round', async () => {
    await indexInBatches()
    const sent = captureQueue()
    await runFtsMergeRound(round(FTS_MERGE_MAX_ROUNDS), context(), { steps: 2, pages: 1 })
    expect(sent).toEqual([])
    await runFtsMergeRound(round(3), context(), { steps: 10_000, pages: 50 })
    expect(sent).toEqual([])
    expect(await mergeFtsStep(env.DB)).toBe(false)
  })

  it('logs a failed step and queues nothing: merging only makes queries faster', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const failing = {
      prepare: env.DB.prepare.bind(env.DB),
      batch: async () => {
        throw new Error('D1 is busy')
      },
    } as unknown as D1Database
    const sent = captureQueue()
    await expect(runFtsMergeRound(round(1), context(failing))).resolves.toBeUndefined()
    expect(sent).toEqual([])
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/index merge failed.*D1 is busy/)
  })

  it('logs a merge the queue refuses instead of failing the finished job', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const refusing = {
      deps: { db: env.DB, ingestQueue: { send: () => Promise.reject(new Error('queue is full')) } },
    } as unknown as JobContext
    await expect(queueFtsMerge(round(1), refusing)).resolves.toBeUndefined()
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/index merge not queued.*queue is full/)
  })

  it('acks a merge message without touching any job, and drops a malformed one', async () => {
    captureQueue()
    const merged = await runBatch([{ body: round(1) }])
    expect(merged.explicitAcks).toHaveLength(1)
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const malformed = await runBatch([{ body: { ...round(1), merge: { round: 0 } } }])
    expect(malformed.explicitAcks).toHaveLength(1)
    expect(malformed.retries).toEqual([])
  })
})

describe('the term postings in the upkeep round after a job', () => {
  it('catches up without merging after a small job, and queues another round while behind', async () => {
    const namespace = freshNamespace('upkeep')
    await indexMany(
      indexDeps(),
      Array.from({ length: 30 }, (_, i) =>
        paper(`upkeep-${i}`, `Upkeep ${i}`, `telomerase study ${i}`, { namespace }),
      ),
      undefined,
      { postings: 'later' },
    )
    const behind = await readPostingsState(env.DB)
    expect(behind.builtThrough).toBeLessThan(behind.maxChunkId)
    // Every statement the round prepares, to see that none merges the full-text index.
    const statements: string[] = []
    const watched = new Proxy(env.DB, {
      get(target, key) {
        if (key === 'prepare')
          return (sql: string) => {
            statements.push(sql)
            return target.prepare(sql)
          }
        const value = Reflect.get(target, key) as unknown
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value
      },
    })
    const sent = captureQueue()
    const small = { jobId: 'small-job', type: 'text', merge: { round: 1, fts: false } } as const
    // Ten chunks a round: the first round leaves the rest to a second, still without merging.
    await runFtsMergeRound(small, context(watched), { steps: 10, pages: 500, postings: 10 })
    expect(sent).toEqual([{ ...small, merge: { round: 2, fts: false } }])
    await runFtsMergeRound(small, context(watched))
    expect(statements.some((sql) => sql.includes("'merge'"))).toBe(false)
    expect(statements.some((sql) => sql.includes('term_postings'))).toBe(true)
    const caughtUp = await readPostingsState(env.DB)
    expect(caughtUp.builtThrough).toBe(caughtUp.maxChunkId)
    expect(sent).toHaveLength(1)
  })
})
