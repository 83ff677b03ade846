// `--embedder scripted`: the deployed path's seam. Chunks and queries are embedded through
// Quire's OpenAI-compatible adapter (the model's prefixes, batches of at most 96, the
// `dimensions` parameter, as create-adapters.ts builds it) against the scripted fake server
// (test/node/fake-openai-server.ts) on loopback. Its vectors are hashed words, not a model's:
// the run tests the seam and the vector list's place in fusion, never semantic quality.
import {
  EMBED_BATCH_SIZE,
  createOpenAiEmbedder,
} from '../workers/retrieval/embedders/openai-compatible'
import { embedInstructions } from '../workers/retrieval/embedders/instructions'
import type { Embedder } from '../workers/retrieval'
import { startFakeOpenAi } from '../test/node/fake-openai-server'

export const SCRIPTED_DIMENSIONS = 384

export interface ScriptedEmbedder {
  embedder: Embedder
  /** What reached the server (its last 500 unscripted requests): batch sizes, dimensions, prefixes. */
  seamReport(): Promise<string>
  close(): Promise<void>
}

interface Recorded {
  path: string
  body: { input?: unknown; dimensions?: unknown; model?: unknown }
}

/**
 * The adapter against a real OpenAI-compatible endpoint (`--embedder openai-compatible
 * --embed-url <base URL>`, key from EMBEDDINGS_API_KEY): the same run, with a model's vectors.
 */
export function openAiCompatibleEmbedder(url: string, model: string, dimensions: number) {
  return createOpenAiEmbedder({
    baseUrl: url,
    apiKey: process.env.EMBEDDINGS_API_KEY,
    model,
    dimensions,
    instructions: embedInstructions(model),
  })
}

export async function startScriptedEmbedder(
  port: number,
  model: string,
): Promise<ScriptedEmbedder> {
  const server = await startFakeOpenAi({ port })
  const instructions = embedInstructions(model)
  const embedder = openAiCompatibleEmbedder(`${server.url}/v1`, model, SCRIPTED_DIMENSIONS)
  return {
    embedder,
    async seamReport() {
      const response = await fetch(`${server.url}/__requests?key=`)
      const requests = ((await response.json()) as Recorded[]).filter((r) =>
        r.path.endsWith('/embeddings'),
      )
      const inputs = requests.map((r) => (Array.isArray(r.body.input) ? r.body.input : []))
      const texts = inputs.flat().map(String)
      const prefixed = instructions.query
        ? texts.filter((t) => t.startsWith(instructions.query)).length
        : 0
      const dims = new Set(requests.map((r) => r.body.dimensions))
      return [
        `seam (last ${requests.length} embedding requests): model ${[...new Set(requests.map((r) => r.body.model))].join(',')}`,
        `largest batch ${Math.max(0, ...inputs.map((i) => i.length))} (limit ${EMBED_BATCH_SIZE})`,
        `dimensions sent ${[...dims].join(',')}`,
        `query prefix ${JSON.stringify(instructions.query)} on ${prefixed} of ${texts.length} texts`,
      ].join('; ')
    },
    close: server.close,
  }
}
