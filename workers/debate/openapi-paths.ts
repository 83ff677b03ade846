// /openapi.json paths of the two-scientist debate (seed 002): stream, ask, interrupt.
import { openApi, type Json } from '../http'
import { debateRequestSchema, interruptRequestSchema } from './schemas'

const { errors, json, objectOf, SESSION_ERRORS, SESSION_TOKEN, streamed, withBody } = openApi

const SESSION_HEADERS = {
  'X-Quire-Session-Id': { schema: { type: 'string', format: 'uuid' } },
  'X-Quire-Session-Token': {
    description: 'Only when this request created the session',
    schema: { type: 'string' },
  },
}

const DEBATE_FIELDS = objectOf({
  session_id: { type: 'string', format: 'uuid' },
  mode: { type: 'string', enum: ['online', 'offline', 'degraded'] },
  fallbacks: {
    type: 'array',
    items: {
      type: 'object',
      properties: { stage: { type: 'string' }, reason: { type: 'string' } },
      required: ['stage', 'reason'],
    },
  },
  terminal: { type: 'string', enum: ['consensus', 'max_turns', 'interrupted'] },
  terminal_marker: { type: 'string' },
  conclusion: { type: 'string' },
  rounds: { type: 'integer' },
  interrupted: { type: 'boolean' },
  transcript: { type: 'array', items: { type: 'object' } },
  verdicts: { type: 'array', items: { type: 'object' } },
  references: { type: 'array', items: { type: 'object' } },
})

const DEBATE_PAYLOAD: Json = {
  ...DEBATE_FIELDS,
  properties: {
    ...(DEBATE_FIELDS.properties as Record<string, Json>),
    search_query: {
      type: 'string',
      description:
        'What retrieval searched, when not the question as asked (a follow-up read with its topic, a misspelt word read as the library spells it)',
    },
    subject_change: {
      type: 'string',
      description:
        'The subject a follow-up turned to when no passage on the earlier topic mentions it: the debate took it as a new question',
    },
  },
}

const START_ERRORS = errors(...SESSION_ERRORS, '409', '413', '415', '429', '502', '503')

export function debatePaths(): Json {
  return {
    '/api/debate/stream': {
      post: {
        summary: 'Stream a two-scientist debate over the literature',
        description:
          'text/plain by default: content as text, [[STATUS]] lines, one terminal marker line (=== Viable Solution Reached ===, === Debate Interrupted ===, === Max Turns Reached ===), the conclusion, then [[DONE]] <json>. SSE packets (with a verdict per turn) with Accept: text/event-stream. 409 while the session has an active run.',
        security: [{}, ...SESSION_TOKEN],
        ...withBody(debateRequestSchema),
        responses: { '200': streamed(DEBATE_PAYLOAD, SESSION_HEADERS), ...START_ERRORS },
      },
    },
    '/api/debate/ask': {
      post: {
        summary: 'Run a debate and return the full payload: transcript, verdicts, references',
        security: [{}, ...SESSION_TOKEN],
        ...withBody(debateRequestSchema),
        responses: { '200': json(DEBATE_PAYLOAD), ...START_ERRORS },
      },
    },
    '/api/debate/interrupt': {
      post: {
        summary: "Interrupt the session's active debate; its transcript so far is kept",
        security: SESSION_TOKEN,
        ...withBody(interruptRequestSchema),
        responses: { '200': json({ type: 'object' }), ...errors(...SESSION_ERRORS) },
      },
    },
  }
}
