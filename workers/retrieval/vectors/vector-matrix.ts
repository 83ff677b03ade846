// An in-memory matrix of one namespace's vectors in one embedding space, and exact cosine
// top-k over it with metadata equality filters. Used by the D1 adapter's cache.
import type { VectorMatch, VectorMetadata } from '../vector-store'

export interface VectorMatrix {
  dimensions: number
  ids: string[]
  metadata: VectorMetadata[]
  /** Row-major: row i is values[i*dimensions .. (i+1)*dimensions). */
  values: Float32Array
  norms: Float32Array
}

function matchesFilter(meta: VectorMetadata, filter: Partial<VectorMetadata> | undefined): boolean {
  if (!filter) return true
  for (const key of Object.keys(filter) as (keyof VectorMetadata)[]) {
    const wanted = filter[key]
    if (wanted !== undefined && meta[key] !== wanted) return false
  }
  return true
}

function norm(values: Float32Array, from: number, length: number): number {
  let sum = 0
  for (let i = from; i < from + length; i++) sum += (values[i] ?? 0) ** 2
  return Math.sqrt(sum)
}

export function computeNorms(matrix: Omit<VectorMatrix, 'norms'>): Float32Array {
  const norms = new Float32Array(matrix.ids.length)
  for (let r = 0; r < norms.length; r++) {
    norms[r] = norm(matrix.values, r * matrix.dimensions, matrix.dimensions)
  }
  return norms
}

interface Scored {
  score: number
  row: number
}

/** Keeps the best `k` entries, highest score first (insertion into a short sorted array). */
function insertTop(top: Scored[], k: number, entry: Scored): void {
  const worst = top[top.length - 1]
  if (top.length === k && worst && entry.score <= worst.score) return
  let at = top.findIndex((t) => t.score < entry.score)
  if (at < 0) at = top.length
  top.splice(at, 0, entry)
  if (top.length > k) top.pop()
}

/** Exact cosine similarity of `query` against every row passing the filter. */
export function topMatches(
  matrix: VectorMatrix,
  query: { vector: Float32Array; topK: number; filter?: Partial<VectorMetadata> },
): VectorMatch[] {
  const { dimensions, values } = matrix
  const q = query.vector
  const qNorm = norm(q, 0, q.length)
  if (qNorm === 0 || query.topK <= 0 || q.length !== dimensions) return []
  const top: Scored[] = []
  for (let r = 0; r < matrix.ids.length; r++) {
    const meta = matrix.metadata[r]
    const rowNorm = matrix.norms[r] ?? 0
    if (!meta || rowNorm === 0 || !matchesFilter(meta, query.filter)) continue
    let dot = 0
    const base = r * dimensions
    for (let j = 0; j < dimensions; j++) dot += (values[base + j] ?? 0) * (q[j] ?? 0)
    insertTop(top, query.topK, { score: dot / (rowNorm * qNorm), row: r })
  }
  return top.map(({ score, row }) => ({
    id: matrix.ids[row] ?? '',
    score,
    metadata: matrix.metadata[row] as VectorMetadata,
  }))
}
