// The OpenAPI 3.1 document served at /openapi.json, assembled from the parts each capability
// owns: its paths (request bodies are the zod schemas its routes validate with) and its
// payload schemas (checked against its own types at compile time).
import { answerOpenApi } from './answer'
import { debateOpenApi } from './debate'
import { erasureOpenApi } from './erasure'
import { openApiParts, type openApi } from './http'
import { ingestOpenApi } from './ingest'
import { mcpOpenApi } from './mcp'
import { papersOpenApi } from './papers'
import { researchOpenApi } from './research'
import { shareOpenApi } from './share'
import { turnOpenApi } from './turn'
import { widgetOpenApi } from './widget'
import { writingOpenApi } from './writing'

const PARTS: openApi.OpenApiPart[] = [
  openApiParts.system,
  openApiParts.sessions,
  turnOpenApi,
  answerOpenApi,
  ingestOpenApi,
  shareOpenApi,
  mcpOpenApi,
  papersOpenApi,
  erasureOpenApi,
  researchOpenApi,
  debateOpenApi,
  widgetOpenApi,
  writingOpenApi,
]

export function buildOpenApiDocument() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Quire',
      version: '0.1.0',
      description:
        'Grounded research assistant: every claim points at a source it retrieved. Every error uses the ErrorEnvelope; a path called with a method it lacks answers 405 with Allow. Streams: see the text/plain, SSE and OpenAI encodings in each run response.',
    },
    paths: Object.assign({}, ...PARTS.map((part) => part.paths())) as Record<string, unknown>,
    components: openApiParts.components(
      Object.assign({}, ...PARTS.map((part) => part.schemas?.() ?? {})),
    ),
  }
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>

let cached: OpenApiDocument | undefined

/** Built on first request, not at module load (that would slow every isolate's start). */
export function openApiDocument(): OpenApiDocument {
  cached ??= buildOpenApiDocument()
  return cached
}
