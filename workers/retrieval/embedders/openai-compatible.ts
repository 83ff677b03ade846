// Embedder over an OpenAI-compatible /embeddings endpoint (openai SDK): batches of at most 96
// inputs, the `dimensions` parameter sent, responses checked with zod and L2-normalised.
import OpenAI from 'openai'
import { z } from 'zod'
import { ProviderError } from '../../errors'
import { toProviderError } from '../../llm'
import type { EmbedPurpose, Embedder } from '../embedder'
import { withInstruction, type EmbedInstructions } from './instructions'

const PROVIDER = 'openai-compatible'
export const EMBED_BATCH_SIZE = 96

export interface OpenAiEmbedderOptions {
  baseUrl: string
  apiKey?: string
  model: string
  dimensions: number
  timeoutMs?: number
  /** Prefixes for query and document texts (instructions.ts); none when absent. */
  instructions?: EmbedInstructions
}

const responseSchema = z.object({
  data: z.array(
    z.object({ index: z.number().int().nonnegative(), embedding: z.array(z.number()) }),
  ),
})

/** Unit length, so cosine similarity is a dot product; a zero vector stays zero. */
export function l2Normalise(values: ArrayLike<number>): Float32Array {
  const vector = Float32Array.from(values)
  let sum = 0
  for (const v of vector) sum += v * v
  const norm = Math.sqrt(sum)
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i] = (vector[i] as number) / norm
  return vector
}

export function inBatches<T>(items: T[], size = EMBED_BATCH_SIZE): T[][] {
  const batches: T[][] = []
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size))
  return batches
}

/** Vectors in input order, each checked against the promised dimensions. */
export function checkedVectors(
  provider: string,
  rows: { index: number; embedding: ArrayLike<number> }[],
  expected: { count: number; dimensions: number },
): Float32Array[] {
  if (rows.length !== expected.count) {
    throw new ProviderError(provider, `Embedding count ${rows.length} != ${expected.count} inputs`)
  }
  const ordered = [...rows].sort((a, b) => a.index - b.index)
  return ordered.map((row) => {
    if (row.embedding.length !== expected.dimensions) {
      const got = row.embedding.length
      throw new ProviderError(
        provider,
        `Embedding has ${got} dimensions, expected ${expected.dimensions}`,
      )
    }
    return l2Normalise(row.embedding)
  })
}

export function createOpenAiEmbedder(options: OpenAiEmbedderOptions): Embedder {
  const client = new OpenAI({
    apiKey: options.apiKey ?? 'no-key',
    baseURL: options.baseUrl,
    maxRetries: 0,
    timeout: options.timeoutMs ?? 60_000,
  })
  const { model, dimensions } = options

  async function embedBatch(batch: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    try {
      // 'float' explicitly: the SDK otherwise asks for base64, which many compatible servers lack.
      const raw = await client.embeddings.create(
        { model, input: batch, dimensions, encoding_format: 'float' },
        { signal },
      )
      const parsed = responseSchema.safeParse(raw)
      if (!parsed.success)
        throw new ProviderError(PROVIDER, 'Malformed embeddings response', { cause: parsed.error })
      return checkedVectors(PROVIDER, parsed.data.data, { count: batch.length, dimensions })
    } catch (error) {
      if (signal?.aborted) throw error
      throw toProviderError(PROVIDER, error, { timeoutMs: options.timeoutMs })
    }
  }

  return {
    id: `openai:${model}:${dimensions}`,
    dimensions,
    async embed(texts: string[], purpose?: EmbedPurpose, signal?: AbortSignal) {
      const vectors: Float32Array[] = []
      const inputs = withInstruction(texts, purpose, options.instructions)
      // Sequential batches: friendlier to provider rate limits than a burst.
      for (const batch of inBatches(inputs)) vectors.push(...(await embedBatch(batch, signal)))
      return vectors
    },
  }
}
