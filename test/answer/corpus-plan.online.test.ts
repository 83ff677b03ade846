// The corpus search provider's model calls over a seeded knowledge base (an empty one would
// never rerank, so it could not show a reranking call): the answer engine asks for none; a
// caller's plan replaces the planning call; otherwise it plans and grades with the fast model.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { makeDeps } from '../../workers/deps'
import { scriptFake } from '../fakes/fake-llm'
import { seedCorpus } from './seeded-corpus'

const plan = { forSchema: 'query_plan', json: { task: 'qa', variations: ['bone density'] } }
const grades = { forSchema: 'grades', json: { scores: [{ id: 1, score: 9 }] } }

beforeAll(seedCorpus)

describe('corpus search and the model', () => {
  it('makes no model call when asked to search without the model', async () => {
    const fake = await scriptFake([plan, grades])
    const results = await makeDeps(env).corpusSearch.search(
      `vitamin D bone mineral density ${fake.marker}`,
      { limit: 5, allowModel: false },
    )
    expect(results.length).toBeGreaterThan(0)
    expect(await fake.requests()).toHaveLength(0)
  })

  it('makes no planning call when the caller passes a plan (the reranker still grades)', async () => {
    const fake = await scriptFake([plan, grades])
    const results = await makeDeps(env).corpusSearch.search(
      `vitamin D bone mineral density ${fake.marker}`,
      { limit: 5, plan: { task: 'qa', variations: ['cholecalciferol bone density'] } },
    )
    expect(results.length).toBeGreaterThan(0)
    const calls = await fake.requests()
    expect(calls.map((c) => JSON.stringify(c.body.response_format))).toEqual([
      expect.stringContaining('"grades"'),
    ])
  })

  it('plans and grades with the fast model when no plan is given', async () => {
    const fake = await scriptFake([plan, grades])
    await makeDeps(env).corpusSearch.search(`vitamin D bone mineral density ${fake.marker}`, {
      limit: 5,
    })
    const calls = await fake.requests()
    expect(calls.map((c) => c.body.model)).toEqual(['fake-fast', 'fake-fast'])
  })
})
