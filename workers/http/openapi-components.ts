// The shared parts of /openapi.json: the error envelope and one response per error status,
// and the security schemes; each capability adds its own payload schemas.
import { ERROR_STATUS } from '../errors'
import type { Json } from './openapi-blocks'

const errorCodes = Object.keys(ERROR_STATUS)

const errorEnvelope: Json = {
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
}

const errorResponse = (description: string, headers?: Json) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
})

export function buildComponents(schemas: Record<string, Json>): Json {
  return {
    schemas: { ErrorEnvelope: errorEnvelope, ...schemas },
    responses: {
      BadRequest: errorResponse(
        'Invalid input (validation_failed with zod issues, or invalid_json)',
      ),
      Unauthorized: errorResponse('Missing or invalid credentials'),
      Forbidden: errorResponse('The session token does not open this session'),
      NotFound: errorResponse('No such resource'),
      MethodNotAllowed: errorResponse('The path exists under other methods (listed in Allow)', {
        Allow: { schema: { type: 'string' } },
      }),
      RunActive: errorResponse('Another run is active for this session'),
      TooLarge: errorResponse('Request body, file or job too large'),
      UnsupportedMediaType: errorResponse('The body must be sent as application/json'),
      RateLimited: errorResponse(
        'Rate limit, the client quota (CLIENT_<KIND>_LIMIT per window) or the model quota exceeded; Retry-After says when to try again',
        { 'Retry-After': { schema: { type: 'integer' } } },
      ),
      Internal: errorResponse(
        'Invalid configuration or an unexpected error (logged by request id)',
      ),
      UpstreamFailed: errorResponse('An upstream provider or the queue failed'),
      NotConfigured: errorResponse('A feature this route needs is not configured'),
    },
    securitySchemes: {
      sessionToken: {
        type: 'http',
        scheme: 'bearer',
        description: 'The token returned once by POST /api/sessions (or an ask that made one)',
      },
      bearerApiKey: {
        type: 'http',
        scheme: 'bearer',
        description:
          'A key from QUIRE_API_KEYS. With none configured the route is open (local dev) and answers with X-Quire-Auth: open.',
      },
      headerApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
    },
  }
}
