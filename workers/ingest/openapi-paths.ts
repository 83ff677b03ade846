// /openapi.json paths of the ingest routes (API key, or a signed webhook).
import { ingestBodySchema, ingestJobSchema } from './schemas'
import { openApi, type Json } from '../http'

const { API_KEY, body, errors, json, jsonSchema, objectOf, pathParam, schemaRef } = openApi

export function ingestPaths(): Json {
  const queuedJobs = { jobs: { type: 'array', items: schemaRef('QueuedJob') } }
  // One job, or {jobs:[...], namespace?}; the schema's preprocess reads a lone job as a batch
  // of one, so its JSON Schema shows only the batch: the single form is added beside it.
  const ingestBody = { oneOf: [jsonSchema(ingestJobSchema), jsonSchema(ingestBodySchema)] }
  return {
    '/api/ingest': {
      post: {
        summary: 'Queue ingest jobs into the knowledge base',
        security: API_KEY,
        requestBody: body(ingestBody),
        responses: {
          '202': json(objectOf(queuedJobs), 'Accepted'),
          ...errors('400', '401', '413', '415', '502'),
        },
      },
    },
    '/api/ingest/webhook': {
      post: {
        summary: 'Queue ingest jobs from a Standard Webhooks delivery',
        description:
          'Signed with INGEST_WEBHOOK_SECRET; 5-minute timestamp tolerance; a replayed webhook-id is refused (401). 503 when no secret is configured.',
        parameters: ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => ({
          name,
          in: 'header',
          required: true,
          schema: { type: 'string' },
        })),
        requestBody: body(ingestBody),
        responses: {
          '202': json(objectOf(queuedJobs), 'Accepted'),
          ...errors('400', '401', '413', '502', '503'),
        },
      },
    },
    '/api/ingest/corpus': {
      get: {
        summary: 'Counts of what the knowledge base holds',
        security: API_KEY,
        responses: {
          '200': json(
            objectOf({
              sources: { type: 'integer' },
              documents: { type: 'integer' },
              chunks: { type: 'integer' },
              empty: { type: 'boolean' },
            }),
          ),
          ...errors('401'),
        },
      },
    },
    '/api/ingest/{job}': {
      get: {
        summary: 'Status of an ingest job',
        security: API_KEY,
        parameters: [pathParam('job', { type: 'string', minLength: 1, maxLength: 64 })],
        responses: { '200': json(schemaRef('IngestJobStatus')), ...errors('400', '401', '404') },
      },
    },
  }
}
