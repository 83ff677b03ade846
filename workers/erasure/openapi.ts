// The erasure capability's part of /openapi.json: deleting one paper or one project file (the
// session's own DELETE is documented with the session routes).
import { openApi, type Json } from '../http'

const { erasedShape, errors, json, pathParam, SESSION_ERRORS, SESSION_TOKEN, uuidParam } = openApi

function paths(): Json {
  return {
    '/api/papers/{session}/papers/{paper_id}': {
      delete: {
        summary:
          "Remove a loaded or uploaded paper: its index rows, FTS5 text, postings, vectors, kept PDF and the cached answers citing it; then the session's record of it",
        parameters: [
          pathParam('session', { type: 'string' }),
          pathParam('paper_id', { type: 'string' }),
        ],
        security: SESSION_TOKEN,
        responses: {
          '200': json(erasedShape({ paper_id: { type: 'string' } })),
          ...errors(...SESSION_ERRORS, '502'),
        },
      },
    },
    '/api/sessions/{id}/files/{file_id}': {
      delete: {
        summary:
          'Remove a file: its indexed copy (rows, FTS5 text, postings, vectors, cached answers citing it) and the file itself',
        parameters: [uuidParam('id'), pathParam('file_id', { type: 'string' })],
        security: SESSION_TOKEN,
        responses: {
          '200': json(erasedShape({ file_id: { type: 'string' } })),
          ...errors(...SESSION_ERRORS, '502'),
        },
      },
    },
  }
}

export const erasureOpenApi: openApi.OpenApiPart = { paths }
