import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../workers/config'
import { createEmbedder, createOfflineEmbedder } from '../../workers/retrieval'
import { describeEmbedderContract } from '../contracts/embedder'

const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * (b[i] ?? 0), 0)

describeEmbedderContract('offline', () => createOfflineEmbedder({ dimensions: 384 }))

describe('offline embedder', () => {
  it('is chosen by default with the configured dimension and a space id naming both', () => {
    const embedder = createEmbedder(parseConfig({ EMBEDDINGS_DIMENSIONS: '256' }), {} as Ai)
    expect(embedder.dimensions).toBe(256)
    expect(embedder.id).toBe('offline-hash-v1:256')
    expect(embedder.lexical).toBe(true)
  })

  it('gives the same vector for the same text on every call and instance', async () => {
    const text = 'Deterministic hashing of stems, bigrams and trigrams.'
    const [a] = await createOfflineEmbedder({ dimensions: 384 }).embed([text])
    const [b] = await createOfflineEmbedder({ dimensions: 384 }).embed([text])
    expect(Array.from(a!)).toEqual(Array.from(b!))
  })

  it('matches inflected forms through stemming', async () => {
    const embedder = createOfflineEmbedder({ dimensions: 384 })
    const [q, inflected, other] = await embedder.embed([
      'mutation inhibits tumour growth',
      'mutations inhibiting tumour growing',
      'seasonal rainfall over mountains',
    ])
    expect(dot(q!, inflected!)).toBeGreaterThan(0.5)
    expect(dot(q!, inflected!)).toBeGreaterThan(dot(q!, other!))
  })

  it('ignores stop words: texts differing only in them embed identically', async () => {
    const [a, b] = await createOfflineEmbedder({ dimensions: 384 }).embed([
      'insulin resistance in obesity',
      'the insulin resistance in the obesity',
    ])
    expect(dot(a!, b!)).toBeCloseTo(1, 5)
  })

  it('returns the zero vector for text without content words', async () => {
    const [v] = await createOfflineEmbedder({ dimensions: 32 }).embed(['the and of'])
    expect(Array.from(v!).every((x) => x === 0)).toBe(true)
  })
})
