// Deterministic embeddings for the fake server: feature hashing of lower-cased word tokens
// into `dimensions` signed buckets, L2-normalised, so texts sharing words point alike.

function fnv1a(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

export function fakeEmbedding(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0)
  const tokens = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
  // An empty or token-less text still gets a unit vector, picked by the text's own hash.
  for (const token of tokens.length ? tokens : [`#${text}`]) {
    const hash = fnv1a(token)
    const index = hash % dimensions
    vector[index] = (vector[index] ?? 0) + (hash & 0x80000000 ? -1 : 1)
  }
  let norm = Math.hypot(...vector)
  if (norm === 0) {
    vector[fnv1a(text) % dimensions] = 1
    norm = 1
  }
  return vector.map((v) => v / norm)
}

export function toBase64Floats(vector: number[]): string {
  return Buffer.from(new Float32Array(vector).buffer).toString('base64')
}
