// The offline Embedder: deterministic signed feature hashing of lexical features into a
// fixed number of dimensions, L2-normalised. No model, no network, same vector everywhere.
import type { Embedder, EmbedPurpose } from '../embedder'
import { DEFAULT_FEATURE_WEIGHTS, lexicalFeatures, type FeatureWeights } from './features'

export const OFFLINE_EMBEDDER_VERSION = 'offline-hash-v1'

/** FNV-1a then murmur3's finaliser: FNV alone leaves the low bits (the bucket) poorly mixed. */
export function hash32(key: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** Hashes weighted features into `dimensions` buckets; the sign bit makes collisions cancel. */
export function hashFeatures(features: Map<string, number>, dimensions: number): Float32Array {
  const vector = new Float32Array(dimensions)
  for (const [key, weight] of features) {
    const h = hash32(key)
    vector[h % dimensions] = (vector[h % dimensions] ?? 0) + (h & 0x80000000 ? -weight : weight)
  }
  let norm = 0
  for (const x of vector) norm += x * x
  norm = Math.sqrt(norm)
  // A text with no content words stays the zero vector: it is similar to nothing.
  if (norm > 0) for (let i = 0; i < dimensions; i++) vector[i] = (vector[i] ?? 0) / norm
  return vector
}

export interface OfflineEmbedderOptions {
  dimensions: number
  weights?: FeatureWeights
}

export function createOfflineEmbedder(options: OfflineEmbedderOptions): Embedder {
  const { dimensions } = options
  const weights = options.weights ?? DEFAULT_FEATURE_WEIGHTS
  return {
    id: `${OFFLINE_EMBEDDER_VERSION}:${dimensions}`,
    dimensions,
    lexical: true,
    async embed(texts: string[], _purpose?: EmbedPurpose, signal?: AbortSignal) {
      signal?.throwIfAborted()
      return texts.map((text) => hashFeatures(lexicalFeatures(text, weights), dimensions))
    },
  }
}
