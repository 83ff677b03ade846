// /openapi.json paths of the answer routes (/api/ask, progress, sources), ingest (API key or
// signed webhook) and the OpenAI-compatible /v1 routes (API key).
import { askRequestSchema, chatCompletionRequestSchema } from '../answer'
import { ingestBodySchema, ingestJobSchema } from '../ingest'
import {
  API_KEY,
  body,
  errors,
  json,
  jsonSchema,
  objectOf,
  pathParam,
  schemaRef,
  SESSION_ERRORS,
  SESSION_TOKEN,
  streamed,
  uuidParam,
  withBody,
  type Json,
} from './blocks'

export function answerPaths(): Json {
  return {
    '/api/ask': {
      post: {
        summary: 'Answer a question with numbered, cited sources (Perplexity-style)',
        description:
          'Without session_id a session is created: its id and token come back in the JSON body and, for streams, in the X-Quire-Session-Id / X-Quire-Session-Token headers. With session_id, send that session token.',
        security: [{}, ...SESSION_TOKEN],
        ...withBody(askRequestSchema),
        responses: {
          '200': streamed(
            { oneOf: [schemaRef('AnswerPayload'), schemaRef('StoppedRun')] },
            {
              'X-Quire-Session-Id': { schema: { type: 'string', format: 'uuid' } },
              'X-Quire-Session-Token': {
                description: 'Only when this ask created the session',
                schema: { type: 'string' },
              },
            },
          ),
          ...errors(...SESSION_ERRORS, '409', '413', '415', '429', '502', '503'),
        },
      },
    },
    '/api/progress/{session}': {
      get: {
        summary: "The session's status events, oldest first",
        parameters: [uuidParam('session')],
        security: SESSION_TOKEN,
        responses: {
          '200': json(objectOf({ events: { type: 'array', items: schemaRef('StatusEvent') } })),
          ...errors(...SESSION_ERRORS),
        },
      },
    },
    '/api/sources/{id}': {
      get: {
        summary: 'A knowledge-base source and its passages: where corpus citations link to',
        parameters: [pathParam('id', { type: 'string', minLength: 1, maxLength: 200 })],
        responses: {
          '200': {
            description: 'JSON, or an HTML page when Accept includes text/html',
            content: {
              'application/json': { schema: schemaRef('SourceView') },
              'text/html': { schema: { type: 'string' } },
            },
          },
          ...errors('400', '404', '429'),
        },
      },
    },
  }
}

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

export function openAiPaths(): Json {
  return {
    '/v1/chat/completions': {
      post: {
        summary: 'OpenAI-compatible chat completion with Sonar-style citations and search_results',
        description:
          "Stateless: the last user message is the question, earlier user/assistant messages the history (follow-ups are rewritten from it before searching), system messages are extra instructions that never override the grounding rules, and max_tokens caps the answer. Other OpenAI fields are ignored. An unknown model answers 404 model_not_found in OpenAI's error shape.",
        security: API_KEY,
        ...withBody(chatCompletionRequestSchema),
        responses: {
          '200': {
            description: 'chat.completion, or chat.completion.chunk SSE when stream is true',
            content: {
              'application/json': { schema: schemaRef('ChatCompletion') },
              'text/event-stream': { schema: { type: 'string' } },
            },
          },
          ...errors('400', '401', '413', '415'),
        },
      },
    },
    '/v1/models': {
      get: {
        summary: 'The model ids this endpoint answers as',
        security: API_KEY,
        responses: { '200': json(schemaRef('ModelList')), ...errors('401') },
      },
    },
  }
}
