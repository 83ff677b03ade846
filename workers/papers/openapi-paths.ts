// /openapi.json paths of Paper Brain and paper chat (workers/papers): every route takes the
// session's bearer token and the session id in the body (a form field for the upload).
import { openApi, type Json } from '../http'
import { brainBodySchema, chatBodySchema, loadBodySchema, searchBodySchema } from './schemas'

const { errors, json, pathParam, SESSION_ERRORS, SESSION_TOKEN, streamed, withBody } = openApi

const anObject = { type: 'object' }

/** POST /load when a stream is asked for: the same packets as a run, in load's own terms. */
const loadStream = {
  description:
    'Streamed when Accept asks (text/event-stream: SSE packets; text/plain: [[STATUS]] lines and a ' +
    'last [[DONE]] <json>): a status packet (step "load") per paper state change, "<title>: ' +
    'queued", "<title>: loading", "<title>: loaded (N pages)" or "<title>: failed: <reason>" ' +
    '(phase "error"), polled every 500 ms; then done with {papers, jobs, settled}. After 5 ' +
    'minutes a status says loading continues in the background and done has settled: false. ' +
    'A client disconnect stops the stream, never the loading. See stream/README.md.',
  content: {
    'text/event-stream': { schema: { type: 'string' } },
    'text/plain': { schema: { type: 'string' } },
  },
}

export function paperPaths(): Json {
  return {
    '/api/papers/search': {
      post: {
        summary:
          'Search arXiv for 15 papers (title-looking queries verbatim) and return the 10 closest to the query',
        security: SESSION_TOKEN,
        ...withBody(searchBodySchema),
        responses: { '200': json(anObject), ...errors(...SESSION_ERRORS, '429', '502') },
      },
    },
    '/api/papers/load': {
      post: {
        summary:
          'Queue papers (arXiv ids or search result numbers) for loading on the ingest queue; each is recorded queued, and GET /api/papers/{session} shows it move to loaded or failed. With Accept: text/event-stream or text/plain the response streams that progress instead',
        security: SESSION_TOKEN,
        ...withBody(loadBodySchema),
        responses: {
          '200': loadStream,
          '202': json(anObject, 'Accepted: {papers, jobs}, each paper queued'),
          ...errors(...SESSION_ERRORS, '502'),
        },
      },
    },
    '/api/papers/upload': {
      post: {
        summary:
          "Upload a PDF (multipart: session_id, file, optional title) into the session's papers",
        security: SESSION_TOKEN,
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['session_id', 'file'],
                properties: {
                  session_id: { type: 'string' },
                  file: { type: 'string', format: 'binary' },
                  title: { type: 'string' },
                },
              },
            },
          },
        },
        responses: {
          '201': json(anObject, 'Created'),
          ...errors(...SESSION_ERRORS, '413', '429'),
        },
      },
    },
    '/api/papers/chat': {
      post: {
        summary: 'Ask across the loaded papers; answers cite [Paper Title, Page X], checked',
        security: SESSION_TOKEN,
        ...withBody(chatBodySchema),
        responses: {
          '200': streamed(anObject),
          ...errors(...SESSION_ERRORS, '409', '429', '502', '503'),
        },
      },
    },
    '/api/papers/brain': {
      post: {
        summary:
          'Talk to the Paper Brain agent: it may search arXiv again (search_more_papers) and load numbered results (load_selected_papers); offline, a keyword search that loads nothing',
        security: SESSION_TOKEN,
        ...withBody(brainBodySchema),
        responses: {
          '200': streamed(anObject),
          ...errors(...SESSION_ERRORS, '409', '429', '502', '503'),
        },
      },
    },
    '/api/papers/{session}': {
      get: {
        summary: "The session's papers with their status, and the quota left",
        parameters: [pathParam('session', { type: 'string' })],
        security: SESSION_TOKEN,
        responses: { '200': json(anObject), ...errors(...SESSION_ERRORS) },
      },
    },
    '/api/papers/{session}/pdf/{paper_id}': {
      get: {
        summary:
          "A loaded or uploaded paper's PDF as kept for this session (application/pdf, inline); open it at #page=N",
        parameters: [
          pathParam('session', { type: 'string' }),
          pathParam('paper_id', { type: 'string' }),
        ],
        security: SESSION_TOKEN,
        responses: {
          '200': {
            description: 'The PDF',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
          ...errors(...SESSION_ERRORS),
        },
      },
    },
    '/api/papers/{session}/log': {
      get: {
        summary:
          "The session's log (seed 004 SessionLogger): RAG chunks with scores, embedding and model calls with tokens and latency, per-request token metrics",
        parameters: [pathParam('session', { type: 'string' })],
        security: SESSION_TOKEN,
        responses: { '200': json(anObject), ...errors(...SESSION_ERRORS) },
      },
    },
  }
}
