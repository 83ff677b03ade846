// The OpenAPI 3.1 document served at /openapi.json. Request bodies are the very zod schemas the
// routes validate with, imported from each capability; the parts are built in ./openapi/.
import { answerPaths, ingestPaths, openAiPaths } from './openapi/api-paths'
import { errors, json, type Json } from './openapi/blocks'
import { buildComponents } from './openapi/components'
import { paperPaths } from './openapi/paper-paths'
import { sessionPaths, turnPaths } from './openapi/session-paths'

function systemPaths(): Json {
  return {
    '/health': {
      get: {
        summary: 'Mode, configured providers, auth flags (no secrets) and corpus counts',
        responses: { '200': json({ type: 'object' }), ...errors() },
      },
    },
    '/openapi.json': {
      get: {
        summary: 'This document',
        responses: { '200': json({ type: 'object' }), ...errors() },
      },
    },
  }
}

export function buildOpenApiDocument() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Quire',
      version: '0.1.0',
      description:
        'Grounded research assistant: every claim points at a source it retrieved. Every error uses the ErrorEnvelope; a path called with a method it lacks answers 405 with Allow.',
    },
    paths: {
      ...systemPaths(),
      ...sessionPaths(),
      ...turnPaths(),
      ...answerPaths(),
      ...ingestPaths(),
      ...openAiPaths(),
      ...paperPaths(),
    },
    components: buildComponents(),
  }
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>

let cached: OpenApiDocument | undefined

/** Built on first request, not at module load (that would slow every isolate's start). */
export function openApiDocument(): OpenApiDocument {
  cached ??= buildOpenApiDocument()
  return cached
}
