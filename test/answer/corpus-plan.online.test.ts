// The answer engine's plan reaches the corpus retriever, which then makes no planning call of
// its own: at most one model call happens before the answer starts.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { makeDeps } from '../../workers/deps'
import { scriptFake } from '../fakes/fake-llm'

describe('corpus search with a precomputed plan', () => {
  it('makes no model call when the caller passes a plan', async () => {
    const fake = await scriptFake([])
    const corpus = makeDeps(env).corpusSearch
    await corpus.search(`vitamin D fractures ${fake.marker}`, {
      limit: 5,
      plan: { task: 'qa', variations: ['cholecalciferol fracture risk'] },
    })
    expect(await fake.requests()).toHaveLength(0)
  })

  it('plans with the fast model when no plan is given', async () => {
    const fake = await scriptFake([{ json: { task: 'qa', variations: ['bone fracture vitamin'] } }])
    await makeDeps(env).corpusSearch.search(`vitamin D fractures ${fake.marker}`, { limit: 5 })
    expect(await fake.requests()).toHaveLength(1)
  })
})
