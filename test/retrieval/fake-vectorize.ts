// An in-memory stand-in for the Vectorize binding's API (upsert, query with namespace and
// equality filters, deleteByIds), so the Vectorize adapter runs the VectorStore contract.

interface Stored {
  id: string
  namespace?: string
  values: number[]
  metadata: Record<string, VectorizeVectorMetadata>
}

function cosine(a: number[], b: number[]): number {
  let dot = 0
  let na = 0
  let nb = 0
  a.forEach((x, i) => {
    const y = b[i] ?? 0
    dot += x * y
    na += x * x
    nb += y * y
  })
  return na && nb ? dot / Math.sqrt(na * nb) : 0
}

export class FakeVectorize {
  readonly vectors = new Map<string, Stored>()

  async upsert(vectors: VectorizeVector[]): Promise<VectorizeVectorMutation> {
    for (const v of vectors) {
      this.vectors.set(v.id, {
        id: v.id,
        namespace: v.namespace,
        values: Array.from(v.values),
        metadata: { ...(v.metadata ?? {}) },
      })
    }
    return { ids: vectors.map((v) => v.id), count: vectors.length }
  }

  async query(
    vector: number[] | VectorFloatArray,
    options: VectorizeQueryOptions = {},
  ): Promise<VectorizeMatches> {
    const filter = (options.filter ?? {}) as Record<string, unknown>
    const matches = [...this.vectors.values()]
      .filter((v) => v.namespace === options.namespace)
      .filter((v) => Object.entries(filter).every(([k, want]) => v.metadata[k] === want))
      .map((v) => ({
        id: v.id,
        namespace: v.namespace,
        score: cosine(Array.from(vector), v.values),
        metadata: v.metadata,
      }))
      .sort((a, b) => b.score - a.score)
      .slice(0, options.topK ?? 5)
    return { matches, count: matches.length }
  }

  async deleteByIds(ids: string[]): Promise<VectorizeVectorMutation> {
    for (const id of ids) this.vectors.delete(id)
    return { ids, count: ids.length }
  }

  asBinding(): VectorizeIndex {
    return this as unknown as VectorizeIndex
  }
}
