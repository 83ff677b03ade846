// /openapi.json paths of share links: the owner's routes (session token) and the public
// read-only views.
import { openApi, type Json } from '../http'

const { errors, json, objectOf, pathParam, SESSION_ERRORS, SESSION_TOKEN, uuidParam } = openApi

const shareRow = {
  type: 'object',
  required: ['share_id', 'created_at', 'expires_at', 'revoked_at', 'active', 'url'],
  properties: {
    share_id: { type: 'string' },
    created_at: { type: 'integer', description: 'Unix milliseconds' },
    expires_at: { type: ['integer', 'null'], description: 'null = until revoked' },
    revoked_at: { type: ['integer', 'null'] },
    active: { type: 'boolean', description: 'Neither revoked nor expired' },
    url: { type: ['string', 'null'], description: 'The link, while it is active' },
  },
}
const tokenParam = pathParam('token', { type: 'string', minLength: 1, maxLength: 1024 })
const transcript = objectOf({
  title: { type: 'string' },
  created_at: { type: 'integer' },
  messages: {
    type: 'array',
    description: 'Questions and answers with their sources; a debate answer adds its verdicts',
    items: { type: 'object' },
  },
  document: {
    type: ['object', 'null'],
    description: "A Write session's document (Markdown with its references) and its version",
    properties: { markdown: { type: 'string' }, version: { type: 'integer' } },
  },
})

export function sharePaths(): Json {
  return {
    '/api/sessions/{id}/share': {
      post: {
        summary: 'Create a signed, read-only link to the session (optional expiry)',
        parameters: [uuidParam('id')],
        security: SESSION_TOKEN,
        requestBody: {
          required: false,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { expires_in_s: { type: 'integer', minimum: 60, maximum: 31536000 } },
              },
            },
          },
        },
        responses: {
          '201': json(
            objectOf({
              share_id: { type: 'string' },
              url: { type: 'string' },
              token: { type: 'string' },
              expires_at: { type: ['integer', 'null'] },
            }),
            'Created',
          ),
          ...errors(...SESSION_ERRORS, '503'),
        },
      },
    },
    '/api/sessions/{id}/shares': {
      get: {
        summary: "The session's share links, revoked ones included",
        parameters: [uuidParam('id')],
        security: SESSION_TOKEN,
        responses: {
          '200': json(objectOf({ shares: { type: 'array', items: shareRow } })),
          ...errors(...SESSION_ERRORS),
        },
      },
    },
    '/api/sessions/{id}/shares/{share_id}': {
      delete: {
        summary: 'Revoke a share link: it stops working at once',
        parameters: [uuidParam('id'), pathParam('share_id', { type: 'string' })],
        security: SESSION_TOKEN,
        responses: {
          '200': json(objectOf({ revoked: { type: 'boolean' } })),
          ...errors(...SESSION_ERRORS),
        },
      },
    },
    '/api/share/{token}': {
      get: {
        summary: 'The shared transcript as JSON (404 when revoked, expired, unknown or altered)',
        parameters: [tokenParam],
        responses: { '200': json(transcript), ...errors('404', '429') },
      },
    },
    '/s/{token}': {
      get: {
        summary: 'The shared transcript as a server-rendered page with Open Graph tags',
        parameters: [tokenParam],
        responses: {
          '200': { description: 'HTML', content: { 'text/html': { schema: { type: 'string' } } } },
          '404': {
            description:
              'HTML: the same page for a link that is revoked, expired, unknown or malformed',
          },
        },
      },
    },
  }
}
