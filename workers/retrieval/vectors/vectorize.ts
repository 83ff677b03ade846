// The Vectorize VectorStore adapter (deployed): chunk ids as vector ids, one Vectorize
// namespace per Quire namespace, metadata for equality filters. Filtering on a field needs a
// metadata index on it (`wrangler vectorize create-metadata-index`, see the README).
import { z } from 'zod'
import { ProviderError } from '../../errors'
import type { VectorMatch, VectorQuery, VectorRecord, VectorStore } from '../vector-store'

/** Vectorize accepts at most 1000 vectors per upsert from a Worker. */
const UPSERT_BATCH = 1000
const DELETE_BATCH = 1000
/** topK above 20 is refused when full metadata is asked for; indexed metadata allows 100. */
const FULL_METADATA_TOP_K = 20
const MAX_TOP_K = 100

const metadataSchema = z.object({
  sourceId: z.string().catch(''),
  documentId: z.string().catch(''),
  paperKey: z.string().catch(''),
  kind: z.string().catch(''),
})

const matchSchema = z.object({
  id: z.string(),
  score: z.number(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
})

async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw new ProviderError('vectorize', `Vectorize ${what} failed`, {
      cause: error,
      retryable: true,
    })
  }
}

function toMatch(raw: unknown): VectorMatch | null {
  const parsed = matchSchema.safeParse(raw)
  if (!parsed.success) return null
  const metadata = metadataSchema.parse(parsed.data.metadata ?? {})
  return { id: parsed.data.id, score: parsed.data.score, metadata }
}

export function createVectorizeStore(index: VectorizeIndex): VectorStore {
  return {
    async upsert(records: VectorRecord[], signal?: AbortSignal) {
      for (let i = 0; i < records.length; i += UPSERT_BATCH) {
        signal?.throwIfAborted()
        const batch = records.slice(i, i + UPSERT_BATCH).map((r) => ({
          id: r.id,
          namespace: r.namespace,
          values: Array.from(r.values),
          metadata: { ...r.metadata },
        }))
        await call('upsert', () => index.upsert(batch))
      }
    },

    async query(query: VectorQuery, signal?: AbortSignal) {
      signal?.throwIfAborted()
      const topK = Math.min(Math.max(1, query.topK), MAX_TOP_K)
      const filter = Object.fromEntries(
        Object.entries(query.filter ?? {}).filter(([, v]) => v !== undefined),
      ) as Record<string, string>
      const result = await call('query', () =>
        index.query(Array.from(query.vector), {
          topK,
          namespace: query.namespace,
          returnMetadata: topK <= FULL_METADATA_TOP_K ? 'all' : 'indexed',
          ...(Object.keys(filter).length > 0 ? { filter } : {}),
        }),
      )
      const matches = Array.isArray(result?.matches) ? result.matches : []
      return matches.flatMap((m) => toMatch(m) ?? []).sort((a, b) => b.score - a.score)
    },

    async deleteByIds(ids: string[], signal?: AbortSignal) {
      for (let i = 0; i < ids.length; i += DELETE_BATCH) {
        signal?.throwIfAborted()
        const batch = ids.slice(i, i + DELETE_BATCH)
        await call('delete', () => index.deleteByIds(batch))
      }
    },
  }
}
