// /openapi.json paths of the answer routes (/api/ask, progress, sources) and the
// OpenAI-compatible /v1 routes (API key).
import { chatCompletionRequestSchema } from './openai-schemas'
import { responseRequestSchema } from './responses-schemas'
import { askRequestSchema } from './schemas'
import { openApi, type Json } from '../http'

const {
  API_KEY,
  errors,
  json,
  objectOf,
  pathParam,
  schemaRef,
  SESSION_ERRORS,
  SESSION_TOKEN,
  streamed,
  uuidParam,
  withBody,
} = openApi

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
        description:
          "Library, scholarly-cache and other shared sources are open. A session's private source (an upload, a loaded paper, a project file, a debate's page) needs that session's token as Bearer, or a share token of that session whose transcript cites it (`share` or X-Quire-Share-Token); otherwise 404, as for an unknown id.",
        parameters: [
          pathParam('id', { type: 'string', minLength: 1, maxLength: 200 }),
          {
            name: 'share',
            in: 'query',
            required: false,
            schema: { type: 'string', maxLength: 1024 },
          },
        ],
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
    '/v1/responses': {
      post: {
        summary:
          'OpenAI Responses API: the answer as output_text with a url_citation per [n] marker',
        description:
          "input is a string or message items; instructions, max_output_tokens, stream (SSE: response.created, response.in_progress, response.output_item.added, response.content_part.added, response.output_text.delta..., response.output_text.annotation.added per citation, response.output_text.done, response.content_part.done, response.output_item.done, response.completed, or response.failed; each with sequence_number), store (default true) and previous_response_id (continues that stored response's conversation; instructions do not carry over). url_citation start_index/end_index span the [n] marker in UTF-16 code units. Quire's mode, fallbacks and sources are under `quire`.",
        security: API_KEY,
        ...withBody(responseRequestSchema),
        responses: {
          '200': {
            description: 'response, or its event stream when stream is true',
            content: {
              'application/json': {
                schema: objectOf({ id: { type: 'string' }, object: { const: 'response' } }),
              },
              'text/event-stream': { schema: { type: 'string' } },
            },
          },
          ...errors('400', '401', '413', '415'),
        },
      },
    },
    '/v1/responses/{id}': {
      get: {
        summary: 'A stored response, to the API key that created it (404 to anyone else)',
        security: API_KEY,
        parameters: [pathParam('id', { type: 'string', minLength: 1, maxLength: 200 })],
        responses: {
          '200': json(objectOf({ id: { type: 'string' }, object: { const: 'response' } })),
          ...errors('401', '404'),
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
