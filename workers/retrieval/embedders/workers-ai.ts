// Embedder over the Workers AI binding (e.g. @cf/baai/bge-small-en-v1.5, 384 dims): batches of
// at most 96 texts, output checked with zod and L2-normalised.
import { z } from 'zod'
import { ProviderError } from '../../errors'
import type { AiRunner } from '../../llm'
import type { EmbedPurpose, Embedder } from '../embedder'
import { withInstruction, type EmbedInstructions } from './instructions'
import { checkedVectors, inBatches } from './openai-compatible'

const PROVIDER = 'workers-ai'

const outputSchema = z.object({ data: z.array(z.array(z.number())) })

/** `instructions` prefix query and document texts (instructions.ts); none when absent. */
export function createWorkersAiEmbedder(
  ai: AiRunner,
  model: string,
  dimensions: number,
  instructions?: EmbedInstructions,
): Embedder {
  async function embedBatch(batch: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    let output: unknown
    try {
      output = await ai.run(model, { text: batch }, signal ? { signal } : undefined)
    } catch (error) {
      if (signal?.aborted) throw error
      const message = error instanceof Error ? error.message : String(error)
      const retryable = /capacity|timed? ?out|internal|overloaded|unavailable/i.test(message)
      throw new ProviderError(PROVIDER, `Workers AI embedding failed: ${message}`, {
        cause: error,
        retryable,
      })
    }
    const parsed = outputSchema.safeParse(output)
    if (!parsed.success)
      throw new ProviderError(PROVIDER, 'Malformed Workers AI embedding output', {
        cause: parsed.error,
      })
    const rows = parsed.data.data.map((embedding, index) => ({ index, embedding }))
    return checkedVectors(PROVIDER, rows, { count: batch.length, dimensions })
  }

  return {
    id: `workers-ai:${model}:${dimensions}`,
    dimensions,
    async embed(texts: string[], purpose?: EmbedPurpose, signal?: AbortSignal) {
      const vectors: Float32Array[] = []
      const inputs = withInstruction(texts, purpose, instructions)
      for (const batch of inBatches(inputs)) vectors.push(...(await embedBatch(batch, signal)))
      return vectors
    },
  }
}
