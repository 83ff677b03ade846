// Contract suite for the Embedder port: run against every adapter that works locally.
// Usage: describeEmbedderContract('offline', () => createOfflineEmbedder({ dimensions: 384 }))
import { describe, expect, it } from 'vitest'
import type { Embedder } from '../../workers/retrieval'

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0
  for (let i = 0; i < a.length; i++) dot += (a[i] ?? 0) * (b[i] ?? 0)
  return dot
}

function norm(v: Float32Array): number {
  return Math.sqrt(cosine(v, v))
}

export function describeEmbedderContract(
  name: string,
  make: () => Embedder | Promise<Embedder>,
): void {
  describe(`Embedder contract: ${name}`, () => {
    it('names its embedding space and dimension', async () => {
      const embedder = await make()
      expect(embedder.id).toMatch(/\S/)
      expect(embedder.dimensions).toBeGreaterThan(0)
    })

    it('returns one unit vector of the stated dimension per text, in order', async () => {
      const embedder = await make()
      const texts = [
        'Aspirin lowers the risk of stroke.',
        'Graph neural networks for molecules.',
        'Sea ice extent in the Arctic.',
      ]
      const vectors = await embedder.embed(texts, 'document')
      expect(vectors).toHaveLength(texts.length)
      for (const v of vectors) {
        expect(v).toBeInstanceOf(Float32Array)
        expect(v.length).toBe(embedder.dimensions)
        expect(norm(v)).toBeCloseTo(1, 3)
      }
      const again = await embedder.embed([texts[1]!], 'document')
      expect(cosine(again[0]!, vectors[1]!)).toBeCloseTo(1, 3)
    })

    it('returns an empty list for no texts', async () => {
      expect(await (await make()).embed([], 'query')).toEqual([])
    })

    it('ranks a paraphrase above an unrelated text', async () => {
      const embedder = await make()
      const [query, paraphrase, unrelated] = await embedder.embed(
        [
          'Vitamin D supplements reduce the risk of bone fractures in elderly patients.',
          'In older patients, taking vitamin D supplementation lowered fracture risk of bones.',
          'The compiler optimises loops by unrolling them and vectorising arithmetic.',
        ],
        'query',
      )
      expect(cosine(query!, paraphrase!)).toBeGreaterThan(cosine(query!, unrelated!) + 0.1)
    })

    it('rejects at once when the signal is already aborted', async () => {
      const embedder = await make()
      const controller = new AbortController()
      controller.abort()
      await expect(embedder.embed(['text'], 'query', controller.signal)).rejects.toThrow()
    })
  })
}
