// Picks the Embedder and VectorStore adapters from Config (called by deps.ts only).
import type { Config } from '../config'
import type { Embedder } from './embedder'
import { embedInstructions } from './embedders/instructions'
import { createOfflineEmbedder } from './embedders/offline'
import { createOpenAiEmbedder } from './embedders/openai-compatible'
import { createWorkersAiEmbedder } from './embedders/workers-ai'
import type { VectorStore } from './vector-store'
import { createD1VectorStore } from './vectors/d1-vectors'
import { createVectorizeStore } from './vectors/vectorize'

/** Workers AI's BGE family, picked by the configured dimension when no model is named. */
const WORKERS_AI_MODELS: Record<number, string> = {
  384: '@cf/baai/bge-small-en-v1.5',
  768: '@cf/baai/bge-base-en-v1.5',
  1024: '@cf/baai/bge-large-en-v1.5',
}

export function createEmbedder(config: Config, ai: Ai): Embedder {
  const { provider, dimensions, model, baseUrl, apiKey, queryPrefix, documentPrefix } =
    config.embeddings
  const prefixes = { queryPrefix, documentPrefix }
  switch (provider) {
    case 'openai-compatible': {
      // config.ts requires EMBEDDINGS_MODEL for this provider.
      const name = model ?? ''
      const instructions = embedInstructions(name, prefixes)
      return createOpenAiEmbedder({ baseUrl, apiKey, model: name, dimensions, instructions })
    }
    case 'workers-ai': {
      const name = model ?? WORKERS_AI_MODELS[dimensions] ?? '@cf/baai/bge-small-en-v1.5'
      return createWorkersAiEmbedder(ai, name, dimensions, embedInstructions(name, prefixes))
    }
    case 'offline':
      return createOfflineEmbedder({ dimensions })
  }
}

export function createVectorStore(
  config: Config,
  bindings: { db: D1Database; vectorize: VectorizeIndex; space: string },
): VectorStore {
  if (config.vectorStore === 'vectorize') return createVectorizeStore(bindings.vectorize)
  return createD1VectorStore({
    db: bindings.db,
    space: bindings.space,
    dimensions: config.embeddings.dimensions,
  })
}
