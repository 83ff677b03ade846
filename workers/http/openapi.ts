// The OpenAPI 3.1 document for /openapi.json: one data file. Request bodies are zod schemas
// turned into JSON Schema; those owned by other capabilities are mirrored here (keep in sync).
import { z } from 'zod'

type Json = Record<string, unknown>

const errorCodes = ['validation_failed', 'invalid_json', 'unauthorized', 'forbidden', 'not_found']

// ---- request schemas ----------------------------------------------------------------------
const query = z.string().min(1).max(4000)
const askBody = z.object({
  query,
  session_id: z.string().min(1).max(100).optional(),
  search_domain_filter: z.array(z.string()).max(20).optional(),
  search_recency_filter: z.enum(['day', 'week', 'month', 'year']).optional(),
  search_mode: z.enum(['web', 'academic', 'corpus']).optional(),
})
const messageBody = z.object({
  message: z.string().min(1).max(8000),
  file_ids: z.array(z.string()).max(10).optional(),
  tools: z.array(z.string()).max(20).optional(),
})
const settingsBody = z
  .object({
    system_prompt: z.string().max(20_000).nullable(),
    custom_agent_prompt: z.string().max(20_000).nullable(),
    replace_system_prompt: z.boolean(),
    reminders: z.array(z.string().max(2000)).max(10),
  })
  .partial()
const fileBody = z.object({
  name: z.string().min(1).max(300),
  content_type: z.string().optional(),
  content_base64: z.string().optional().describe('exactly one of content_base64 or text'),
  text: z.string().optional(),
  scope: z.enum(['message', 'project']).optional(),
})
const ingestJob = z.object({
  type: z.enum([
    'arxiv_query',
    'arxiv_ids',
    'crossref_query',
    'url',
    'pdf_url',
    'text',
    'demo_corpus',
  ]),
  namespace: z.string().optional(),
  query: query.optional(),
  ids: z.array(z.string()).optional(),
  url: z.string().optional(),
  title: z.string().optional(),
  text: z.string().optional(),
})
const ingestBody = z.union([ingestJob, z.object({ jobs: z.array(ingestJob).min(1).max(20) })])
const chatCompletionBody = z.object({
  model: z.string().optional(),
  messages: z
    .array(z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() }))
    .min(1),
  stream: z.boolean().optional(),
  search_domain_filter: z.array(z.string()).optional(),
  search_recency_filter: z.enum(['day', 'week', 'month', 'year']).optional(),
})

function jsonSchema(schema: z.ZodType): Json {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  })
  return rest
}

// ---- building blocks ----------------------------------------------------------------------
const ref = (name: string) => ({ $ref: `#/components/responses/${name}` })
const jsonBody = (schema: Json, description = 'OK') => ({
  description,
  content: { 'application/json': { schema } },
})
const body = (schema: z.ZodType) => ({
  required: true,
  content: { 'application/json': { schema: jsonSchema(schema) } },
})
const streamed = (description: string) => ({
  description: `${description}. Accept: text/event-stream (SSE packets) or text/plain ([[STATUS]] lines) to stream; JSON otherwise.`,
  content: {
    'application/json': { schema: { type: 'object' } },
    'text/event-stream': { schema: { type: 'string' } },
    'text/plain': { schema: { type: 'string' } },
  },
})
const sessionId = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'string', format: 'uuid' },
}
const session = [{ sessionToken: [] }]
const apiKey = [{ bearerApiKey: [] }, { headerApiKey: [] }]
const common = { '400': ref('BadRequest'), '413': ref('TooLarge'), '500': ref('Internal') }
const authed = {
  ...common,
  '401': ref('Unauthorized'),
  '403': ref('Forbidden'),
  '404': ref('NotFound'),
}

const paths: Json = {
  '/health': {
    get: {
      summary: 'Mode, configured providers and auth (no secrets)',
      responses: { '200': jsonBody({ type: 'object' }) },
    },
  },
  '/openapi.json': {
    get: { summary: 'This document', responses: { '200': jsonBody({ type: 'object' }) } },
  },
  '/api/sessions': {
    post: {
      summary: 'Create a session; the token is shown once and only its hash is stored',
      responses: {
        '201': jsonBody(
          {
            type: 'object',
            required: ['session_id', 'token'],
            properties: {
              session_id: { type: 'string', format: 'uuid' },
              token: { type: 'string' },
            },
          },
          'Created',
        ),
        '429': ref('RateLimited'),
        '500': ref('Internal'),
      },
    },
  },
  '/api/sessions/{id}': {
    get: {
      summary: 'Session history and the running run, if any',
      parameters: [sessionId],
      security: session,
      responses: {
        '200': jsonBody({ $ref: '#/components/schemas/SessionDescription' }),
        ...authed,
      },
    },
  },
  '/api/sessions/{id}/stop': {
    post: {
      summary: 'Abort the running run at once; what it produced so far is kept',
      parameters: [sessionId],
      security: session,
      responses: {
        '200': jsonBody({ type: 'object', properties: { stopped: { type: 'boolean' } } }),
        ...authed,
      },
    },
  },
  '/api/sessions/{id}/messages': {
    post: {
      summary: 'Send a chat message: runs one turn (409 while another run is active)',
      parameters: [sessionId],
      security: session,
      requestBody: body(messageBody),
      responses: { '200': streamed('The turn'), ...authed, '409': ref('RunActive') },
    },
  },
  '/api/sessions/{id}/settings': {
    get: {
      summary: 'The session settings',
      parameters: [sessionId],
      security: session,
      responses: { '200': jsonBody({ type: 'object' }), ...authed },
    },
    put: {
      summary: 'System prompt, custom agent prompt and reminders for the session',
      parameters: [sessionId],
      security: session,
      requestBody: body(settingsBody),
      responses: { '200': jsonBody({ type: 'object' }), ...authed },
    },
  },
  '/api/sessions/{id}/files': {
    get: {
      summary: 'Files attached to the session',
      parameters: [sessionId],
      security: session,
      responses: { '200': jsonBody({ type: 'object' }), ...authed },
    },
    post: {
      summary: 'Attach a file to the next message or the project (multipart or JSON)',
      parameters: [sessionId],
      security: session,
      requestBody: {
        required: true,
        content: {
          'application/json': { schema: jsonSchema(fileBody) },
          'multipart/form-data': {
            schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
          },
        },
      },
      responses: { '201': jsonBody({ type: 'object' }, 'Created'), ...authed },
    },
  },
  '/api/ask': {
    post: {
      summary: 'Answer a question with cited sources (Perplexity-style)',
      requestBody: body(askBody),
      responses: {
        '200': streamed('The answer payload'),
        ...common,
        '409': ref('RunActive'),
        '429': ref('RateLimited'),
        '502': ref('UpstreamFailed'),
      },
    },
  },
  '/api/progress/{session_id}': {
    get: {
      summary: 'Status events of the session, in order',
      parameters: [{ ...sessionId, name: 'session_id' }],
      responses: {
        '200': jsonBody({
          type: 'object',
          properties: { events: { type: 'array', items: { type: 'object' } } },
        }),
        '404': ref('NotFound'),
      },
    },
  },
  '/api/ingest': {
    post: {
      summary: 'Queue ingest jobs (API key)',
      security: apiKey,
      requestBody: body(ingestBody),
      responses: {
        '202': jsonBody({ type: 'object' }, 'Accepted'),
        ...common,
        '401': ref('Unauthorized'),
      },
    },
  },
  '/api/ingest/webhook': {
    post: {
      summary:
        'Queue ingest jobs from a Standard Webhooks delivery (5-minute tolerance, replays refused)',
      parameters: ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => ({
        name,
        in: 'header',
        required: true,
        schema: { type: 'string' },
      })),
      requestBody: body(ingestBody),
      responses: {
        '202': jsonBody({ type: 'object' }, 'Accepted'),
        ...common,
        '401': ref('Unauthorized'),
        '409': ref('RunActive'),
      },
    },
  },
  '/api/ingest/corpus': {
    get: {
      summary: 'Counts of what the knowledge base holds (API key)',
      security: apiKey,
      responses: { '200': jsonBody({ type: 'object' }), '401': ref('Unauthorized') },
    },
  },
  '/api/ingest/{job}': {
    get: {
      summary: 'Status of an ingest job (API key)',
      security: apiKey,
      parameters: [{ name: 'job', in: 'path', required: true, schema: { type: 'string' } }],
      responses: {
        '200': jsonBody({ type: 'object' }),
        '401': ref('Unauthorized'),
        '404': ref('NotFound'),
      },
    },
  },
  '/v1/chat/completions': {
    post: {
      summary: 'OpenAI-compatible chat completion with Sonar-style citations and search_results',
      security: apiKey,
      requestBody: body(chatCompletionBody),
      responses: {
        '200': {
          description: 'chat.completion, or chat.completion.chunk SSE when stream is true',
          content: {
            'application/json': { schema: { type: 'object' } },
            'text/event-stream': { schema: { type: 'string' } },
          },
        },
        ...common,
        '401': ref('Unauthorized'),
        '502': ref('UpstreamFailed'),
      },
    },
  },
  '/v1/models': {
    get: {
      summary: 'Models this endpoint answers as',
      security: apiKey,
      responses: { '200': jsonBody({ type: 'object' }), '401': ref('Unauthorized') },
    },
  },
}

const errorResponse = (description: string, headers?: Json) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
})

const components = {
  schemas: {
    ErrorEnvelope: {
      type: 'object',
      required: ['error'],
      properties: {
        error: {
          type: 'object',
          required: ['code', 'message', 'request_id'],
          properties: {
            code: { type: 'string', examples: errorCodes },
            message: { type: 'string' },
            details: { description: 'e.g. zod issues for validation_failed' },
            request_id: { type: 'string', description: 'Also sent as the X-Request-Id header' },
          },
        },
      },
    },
    SessionDescription: {
      type: 'object',
      required: ['session_id', 'created_at', 'messages', 'running'],
      properties: {
        session_id: { type: 'string' },
        created_at: { type: 'integer', description: 'Unix milliseconds' },
        messages: { type: 'array', items: { type: 'object' } },
        running: {
          oneOf: [
            { type: 'null' },
            {
              type: 'object',
              properties: { run_id: { type: 'string' }, kind: { type: 'string' } },
            },
          ],
        },
      },
    },
  },
  responses: {
    BadRequest: errorResponse('Invalid input (validation_failed with zod issues, or invalid_json)'),
    Unauthorized: errorResponse('Missing or invalid credentials'),
    Forbidden: errorResponse('Credentials do not grant access'),
    NotFound: errorResponse('No such resource'),
    RunActive: errorResponse('Another run is active for this session'),
    TooLarge: errorResponse('Request body too large'),
    RateLimited: errorResponse('Rate limit or quota exceeded', {
      'Retry-After': { schema: { type: 'integer' } },
    }),
    UpstreamFailed: errorResponse('An upstream provider failed'),
    Internal: errorResponse('Unexpected error (logged with the request id)'),
  },
  securitySchemes: {
    sessionToken: {
      type: 'http',
      scheme: 'bearer',
      description: 'The token returned by POST /api/sessions',
    },
    bearerApiKey: { type: 'http', scheme: 'bearer', description: 'A key from QUIRE_API_KEYS' },
    headerApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
  },
}

export function buildOpenApiDocument() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Quire',
      version: '0.1.0',
      description:
        'Grounded research assistant: every claim points at a source it retrieved. Every error uses the ErrorEnvelope.',
    },
    paths,
    components,
  }
}
