// /openapi.json paths of research writing (workers/writing): every route takes the session's
// bearer token; routes acting on content take session_id in the body.
import { openApi, type Json } from '../http'
import {
  approveBodySchema,
  chatMessageBodySchema,
  citationStyleBodySchema,
  previewBodySchema,
  putDocumentBodySchema,
  rejectBodySchema,
  rewriteBodySchema,
  sharedTypeBodySchema,
} from './schemas'

const { API_KEY, errors, json, pathParam, SESSION_ERRORS, SESSION_TOKEN, streamed, withBody } =
  openApi

const anObject = { type: 'object' }
const text = (type: string) => ({
  description: 'OK',
  content: { [type]: { schema: { type: 'string' } } },
})
const session = pathParam('session', { type: 'string' })
const contentId = pathParam('id', { type: 'string' })

const post = (summary: string, body: Parameters<typeof withBody>[0], extra: Json = {}) => ({
  post: {
    summary,
    security: SESSION_TOKEN,
    ...withBody(body),
    responses: { '200': json(anObject), ...errors(...SESSION_ERRORS, '409') },
    ...extra,
  },
})

export function writingPaths(): Json {
  const stage1 = {
    responses: {
      '200': streamed(anObject),
      ...errors(...SESSION_ERRORS, '409', '429', '502', '503'),
    },
  }
  return {
    '/api/chat/message': post(
      'Stage 1: generate content (write | research) held as pending until approved',
      chatMessageBodySchema,
      stage1,
    ),
    '/api/chat/rewrite': post(
      'Stage 1 again: new content for the rejected request',
      rewriteBodySchema,
      stage1,
    ),
    '/api/content/{id}/placement': post(
      'Preview where pending content would go and what it removes',
      previewBodySchema,
      { parameters: [contentId] },
    ),
    '/api/content/{id}/approve': post(
      'Stage 2: place approved content; a new document version',
      approveBodySchema,
      { parameters: [contentId] },
    ),
    '/api/content/{id}/reject': post('Reject pending content (optional reason)', rejectBodySchema, {
      parameters: [contentId],
    }),
    '/api/documents/{session}': {
      get: {
        summary: 'The document: markdown, structure tree, version',
        parameters: [session],
        security: SESSION_TOKEN,
        responses: { '200': json(anObject), ...errors(...SESSION_ERRORS) },
      },
      put: {
        summary: 'Save the document as a new version',
        parameters: [session],
        security: SESSION_TOKEN,
        ...withBody(putDocumentBodySchema),
        responses: { '200': json(anObject), ...errors(...SESSION_ERRORS, '409', '413') },
      },
    },
    '/api/documents/{session}/pending': {
      get: {
        summary:
          'The content awaiting approval ({pending_id, document_content, sources, revision, unsourced}), or null',
        parameters: [session],
        security: SESSION_TOKEN,
        responses: { '200': json(anObject), ...errors(...SESSION_ERRORS) },
      },
    },
    '/api/documents/{session}/cited': {
      get: {
        summary:
          'The document as shown: its markdown with in-text citations of placed sentences, the references those cite (APA, unverified and incomplete ones marked), the citation style',
        parameters: [session],
        security: SESSION_TOKEN,
        responses: { '200': json(anObject), ...errors(...SESSION_ERRORS) },
      },
    },
    '/api/documents/{session}/citation-style': {
      put: {
        summary: 'Choose the citation style of the document: numbered or author-year',
        parameters: [session],
        security: SESSION_TOKEN,
        ...withBody(citationStyleBodySchema),
        responses: { '200': json(anObject), ...errors(...SESSION_ERRORS) },
      },
    },
    '/api/documents/{session}/versions': {
      get: {
        summary: 'Every saved version: {version, created_at, reason}',
        parameters: [session],
        security: SESSION_TOKEN,
        responses: { '200': json(anObject), ...errors(...SESSION_ERRORS) },
      },
    },
    '/api/documents/{session}/versions/{n}/restore': {
      post: {
        summary: 'Restore a version byte for byte (itself a new version)',
        parameters: [session, pathParam('n', { type: 'integer', minimum: 1 })],
        security: SESSION_TOKEN,
        responses: { '200': json(anObject), ...errors(...SESSION_ERRORS, '409') },
      },
    },
    '/api/documents/{session}/export': {
      get: {
        summary:
          'Export: Markdown with in-text citations and the references its present text cites, or their BibTeX',
        parameters: [
          session,
          {
            name: 'format',
            in: 'query',
            required: false,
            schema: { type: 'string', enum: ['md', 'bib'] },
          },
        ],
        security: SESSION_TOKEN,
        responses: {
          '200': {
            ...text('text/markdown'),
            content: { ...text('text/markdown').content, ...text('application/x-bibtex').content },
          },
          ...errors(...SESSION_ERRORS),
        },
      },
    },
    ...sharedTypePaths(),
  }
}

/** The shared document types every stage-1 prompt lists: written only with an API key. */
function sharedTypePaths(): Json {
  const name = pathParam('name', { type: 'string', pattern: '^[a-z][a-z0-9_]{1,39}$' })
  return {
    '/api/document-types': {
      get: {
        summary: "The shared document types (the system's and those written with an API key)",
        security: API_KEY,
        responses: { '200': json(anObject), ...errors('401') },
      },
    },
    '/api/document-types/{name}': {
      put: {
        summary: 'Create or replace a shared document type (201 when created)',
        parameters: [name],
        security: API_KEY,
        ...withBody(sharedTypeBodySchema),
        responses: {
          '200': json(anObject),
          '201': json(anObject, 'Created'),
          ...errors('400', '401', '403', '413'),
        },
      },
      delete: {
        summary: "Remove a shared document type (the system's cannot be removed: 403)",
        parameters: [name],
        security: API_KEY,
        responses: { '200': json(anObject), ...errors('400', '401', '403', '404') },
      },
    },
  }
}
