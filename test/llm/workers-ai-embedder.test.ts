import { afterEach, describe, expect, it, vi } from 'vitest'
import { ProviderError } from '../../workers/errors'
import { checkedVectors, l2Normalise } from '../../workers/retrieval/embedders/openai-compatible'
import { createWorkersAiEmbedder } from '../../workers/retrieval/embedders/workers-ai'
import { spyOnAi } from './workers-ai-helpers'

const MODEL = '@cf/baai/bge-small-en-v1.5'

afterEach(() => vi.restoreAllMocks())

describe('workers-ai embedder', () => {
  it('names its space and returns L2-normalised vectors in order', async () => {
    const { ai, spy } = spyOnAi(async (_model, inputs) => ({
      shape: [2, 3],
      data: (inputs.text as string[]).map((t) => (t === 'a' ? [3, 4, 0] : [0, 0, 2])),
    }))
    const embedder = createWorkersAiEmbedder(ai, MODEL, 3)
    expect(embedder.id).toBe(`workers-ai:${MODEL}:3`)
    const vectors = await embedder.embed(['a', 'b'])
    expect(vectors.map((v) => [...v])).toEqual([
      [0.6000000238418579, 0.800000011920929, 0],
      [0, 0, 1],
    ])
    expect(spy).toHaveBeenCalledWith(MODEL, { text: ['a', 'b'] }, undefined)
  })

  it('sends at most 96 texts per call', async () => {
    const { ai, spy } = spyOnAi(async (_model, inputs) => ({
      data: (inputs.text as string[]).map(() => [1, 0]),
    }))
    await createWorkersAiEmbedder(ai, MODEL, 2).embed(
      Array.from({ length: 100 }, (_, i) => `t${i}`),
    )
    expect(spy.mock.calls.map((c) => (c[1].text as string[]).length)).toEqual([96, 4])
  })

  it('refuses vectors of the wrong size', async () => {
    const { ai } = spyOnAi(async () => ({ data: [[1, 2, 3, 4]] }))
    await expect(createWorkersAiEmbedder(ai, MODEL, 3).embed(['x'])).rejects.toThrow(
      /4 dimensions, expected 3/,
    )
  })

  it('wraps binding failures and malformed output in ProviderError', async () => {
    const failing = spyOnAi(async () => {
      throw new Error('3040: Capacity temporarily exceeded')
    })
    const error = await createWorkersAiEmbedder(failing.ai, MODEL, 3)
      .embed(['x'])
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ provider: 'workers-ai', retryable: true })
    vi.restoreAllMocks()
    const malformed = spyOnAi(async () => ({ data: 'nope' }))
    await expect(
      createWorkersAiEmbedder(malformed.ai, MODEL, 3).embed(['x']),
    ).rejects.toBeInstanceOf(ProviderError)
  })
})

describe('vector checks shared by the embedders', () => {
  it('leaves a zero vector at zero instead of dividing by zero', () => {
    expect([...l2Normalise([0, 0])]).toEqual([0, 0])
  })

  it('orders rows by index and insists on one vector per input', () => {
    const rows = [
      { index: 1, embedding: [0, 2] },
      { index: 0, embedding: [2, 0] },
    ]
    expect(checkedVectors('p', rows, { count: 2, dimensions: 2 }).map((v) => [...v])).toEqual([
      [1, 0],
      [0, 1],
    ])
    expect(() => checkedVectors('p', rows, { count: 3, dimensions: 2 })).toThrow(ProviderError)
  })
})
