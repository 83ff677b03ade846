import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../../workers/config'
import { createRetriever, indexMany } from '../../workers/retrieval'
import { fuseStage } from '../../workers/retrieval/search/rank-stage'
import { MAX_POOL, poolSize } from '../../workers/retrieval/search/recall-stage'
import type { RetrievalContext, RetrievalState } from '../../workers/retrieval/search/state'
import { DEFAULT_TUNING } from '../../workers/retrieval/search/tuning'
import { TASK_PARAMS } from '../../workers/retrieval/search/task-router'
import { freshNamespace, indexDeps, paper } from './helpers'

function stateFor(topK: number, topN: number, queries: number): RetrievalState {
  return {
    query: 'q',
    queries: Array.from({ length: queries }, (_, i) => `q${i}`),
    options: { topK, topN } as RetrievalState['options'],
    lists: [],
    hydrated: new Map(),
    storedTokens: new Map(),
    chunks: [],
    fallbacks: [],
  }
}

describe('the routed top_k sets the candidate pool', () => {
  it('keeps top_k candidates per query, so qa and comparison pools differ', () => {
    const qa = TASK_PARAMS.qa
    const comparison = TASK_PARAMS.comparison
    expect(poolSize(stateFor(qa.topK, qa.topN, 3))).toBe(30)
    expect(poolSize(stateFor(comparison.topK, comparison.topN, 3))).toBe(60)
    expect(poolSize(stateFor(qa.topK, qa.topN, 1))).toBe(10)
  })

  it('never keeps fewer than top_n, nor more than the cap unless top_n asks for it', () => {
    expect(poolSize(stateFor(5, 12, 1))).toBe(12)
    expect(poolSize(stateFor(50, 10, 3))).toBe(MAX_POOL)
    expect(poolSize(stateFor(150, 150, 3))).toBe(150)
  })

  describe('in the fuse stage', () => {
    const NS = freshNamespace('pool')
    // 70 papers that all match, so the pool, not the corpus, limits what the stage keeps.
    const PAPERS = Array.from({ length: 70 }, (_, i) =>
      paper(`pool:${i}`, `Coral reef survey ${i}`, `Coral reef bleaching observed at site ${i}.`, {
        namespace: NS,
      }),
    )
    let ids: number[] = []

    beforeAll(async () => {
      await indexMany(indexDeps(), PAPERS)
      const retriever = createRetriever({ config: parseConfig({}), ...indexDeps(), models: null })
      const all = await retriever.retrieve('coral reef bleaching', {
        namespaces: [NS],
        topK: 100,
        topN: 100,
        stages: { mmr: false, budget: false },
      })
      ids = all.chunks.map((c) => Number(c.chunkId))
    })

    it('keeps a larger pool for comparison than for qa from the same ranked lists', async () => {
      expect(ids.length).toBe(70)
      const ctx = { db: env.DB, tuning: DEFAULT_TUNING } as RetrievalContext
      const fused = async (task: 'qa' | 'comparison') => {
        const { topK, topN } = TASK_PARAMS[task]
        const state = { ...stateFor(topK, topN, 3), lists: [{ name: 'bm25', weight: 1, ids }] }
        state.options = { ...state.options, namespaces: [NS] }
        return (await fuseStage(state, ctx)).chunks.length
      }
      expect(await fused('qa')).toBe(30)
      expect(await fused('comparison')).toBe(60)
    })
  })
})
