import { describe, expect, it } from 'vitest'
import { ProviderError } from '../../workers/errors'
import { makeTestEmbedder, scriptFake } from '../fakes/fake-llm'

const norm = (v: Float32Array) => Math.hypot(...v)
const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * (b[i] ?? 0), 0)

describe('openai-compatible embedder', () => {
  it('names its space after the model and dimensions', () => {
    expect(makeTestEmbedder({ dimensions: 64 })).toMatchObject({
      id: 'openai:fake-embed:64',
      dimensions: 64,
    })
  })

  it('returns unit vectors of the configured size, sending `dimensions` and float encoding', async () => {
    const fake = await scriptFake([{}])
    const [vector] = await makeTestEmbedder({ dimensions: 64 }).embed([
      `${fake.marker} photosynthesis in algae`,
    ])
    expect(vector).toHaveLength(64)
    expect(norm(vector as Float32Array)).toBeCloseTo(1, 5)
    const [request] = await fake.requests()
    expect(request?.body).toMatchObject({
      model: 'fake-embed',
      dimensions: 64,
      encoding_format: 'float',
    })
  })

  it('keeps input order and gives equal texts equal vectors', async () => {
    const [a, b, a2] = await makeTestEmbedder({ dimensions: 32 }).embed([
      'alpha beta',
      'gamma delta',
      'alpha beta',
    ])
    expect(dot(a as Float32Array, a2 as Float32Array)).toBeCloseTo(1, 5)
    expect(dot(a as Float32Array, b as Float32Array)).toBeLessThan(0.99)
  })

  it('sends at most 96 inputs per request', async () => {
    const fake = await scriptFake([{}, {}, {}])
    const texts = Array.from({ length: 200 }, (_, i) => `${fake.marker} passage ${i}`)
    const vectors = await makeTestEmbedder({ dimensions: 16 }).embed(texts)
    expect(vectors).toHaveLength(200)
    const sizes = (await fake.requests()).map((r) => (r.body.input as string[]).length)
    expect(sizes).toEqual([96, 96, 8])
  })

  it('sends nothing for an empty list', async () => {
    expect(await makeTestEmbedder().embed([])).toEqual([])
  })

  it('turns a provider failure into a retryable ProviderError', async () => {
    const fake = await scriptFake([{ status: 503 }])
    const error = await makeTestEmbedder()
      .embed([`${fake.marker} text`])
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderError)
    expect(error).toMatchObject({ provider: 'openai-compatible', retryable: true })
  })
})
