// The research capability's part of /openapi.json: start a run, read it, review its plan, stop it.
import { openApi, type Json } from '../http'
import { planReviewSchema, researchRequestSchema } from './schemas'

const { errors, json, objectOf, SESSION_ERRORS, SESSION_TOKEN, uuidParam, withBody } = openApi

const started = objectOf({
  research_id: { type: 'string', format: 'uuid' },
  session_id: { type: 'string', format: 'uuid' },
  status: { type: 'string' },
  session_token: { type: 'string', description: 'only when the run made a new session' },
})

const run = objectOf({
  research_id: { type: 'string', format: 'uuid' },
  status: {
    type: 'string',
    enum: ['planning', 'awaiting_review', 'researching', 'writing', 'done', 'stopped', 'failed'],
  },
  plan: { type: 'array', items: objectOf({ question: { type: 'string' }, why: { type: 'string' } }) },
  report: objectOf({
    markdown: { type: 'string' },
    sources: { type: 'array', items: { type: 'object' } },
    references: { type: 'array', items: { type: 'object' } },
  }),
  usage: { type: 'object' },
  mode: { type: 'string', enum: ['online', 'offline', 'degraded'] },
  fallbacks: { type: 'array', items: { type: 'object' } },
})

function paths(): Json {
  const id = [uuidParam('id')]
  return {
    '/api/research': {
      post: {
        summary:
          'Start a deep-research run (a Workflow: plan, one grounded answer per sub-question, a verified report); without a session a new one is made',
        ...withBody(researchRequestSchema),
        responses: { '202': json(started, 'Accepted'), ...errors('400', '401', '403', '429') },
      },
    },
    '/api/research/{id}': {
      get: {
        summary: 'A research run: its status, plan, report so far, usage, mode and fallbacks',
        parameters: id,
        security: SESSION_TOKEN,
        responses: { '200': json(run), ...errors(...SESSION_ERRORS) },
      },
    },
    '/api/research/{id}/plan': {
      post: {
        summary: 'Approve or edit the plan of a run started with options.review: true',
        parameters: id,
        security: SESSION_TOKEN,
        ...withBody(planReviewSchema),
        responses: { '200': json(run), ...errors(...SESSION_ERRORS, '409') },
      },
    },
    '/api/research/{id}/stop': {
      post: {
        summary: 'Stop a run at once; the sections already written are kept, marked stopped',
        parameters: id,
        security: SESSION_TOKEN,
        responses: { '200': json(run), ...errors(...SESSION_ERRORS) },
      },
    },
  }
}

export const researchOpenApi: openApi.OpenApiPart = { paths }
