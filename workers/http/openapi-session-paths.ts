// /openapi.json paths of the routes http/ serves itself: sessions and the system routes.
import {
  erasedShape,
  errors,
  json,
  onSession,
  objectOf,
  schemaRef,
  SESSION_ERRORS,
  type Json,
} from './openapi-blocks'

export function sessionPaths(): Json {
  return {
    '/api/sessions': {
      post: {
        summary: 'Create a session; its token is shown once and only its hash is stored',
        responses: {
          '201': json(
            objectOf({ session_id: { type: 'string', format: 'uuid' }, token: { type: 'string' } }),
            'Created',
          ),
          ...errors('429'),
        },
      },
    },
    '/api/sessions/{id}': {
      get: onSession('Session history and the active run, if any', {
        '200': json(schemaRef('SessionDescription')),
        ...errors(...SESSION_ERRORS),
      }),
      delete: onSession(
        'Erase the session and everything it owns (history, files, share links, private sources, vectors, PDFs, writing, cached answers citing its sources); afterwards every read answers as for an unknown id. 502 names what remains: DELETE again resumes',
        {
          '200': json(erasedShape({ session_id: { type: 'string', format: 'uuid' } })),
          ...errors(...SESSION_ERRORS, '502'),
        },
      ),
    },
    '/api/sessions/{id}/stop': {
      post: onSession('Abort the active run at once; what it produced so far is kept', {
        '200': json({ type: 'object', properties: { stopped: { type: 'boolean' } } }),
        ...errors(...SESSION_ERRORS),
      }),
    },
  }
}

export function systemPaths(): Json {
  return {
    '/health': {
      get: {
        summary:
          'Mode, configured providers, auth flags (no secrets), status (ok | degraded: a configured part failed) with checks.{d1,queue,r2,model}.state (ok | failed | not_configured, and a reason when failed; bounded, answers within 2 s), the public library counts (shared namespaces only) and corpus.state (empty: nothing indexed and no seeding under way | seeding | ready: searchable)',
        responses: { '200': json({ type: 'object' }), ...errors() },
      },
    },
    '/openapi.json': {
      get: {
        summary: 'This document',
        responses: { '200': json({ type: 'object' }), ...errors() },
      },
    },
  }
}
