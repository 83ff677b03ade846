// Small builders the /openapi.json paths are written with: zod -> JSON Schema, JSON bodies,
// shared error responses by status, path parameters, streamed runs and security requirements.
import { z } from 'zod'
import type { ErrorHttpStatus } from '../errors'

export type Json = Record<string, unknown>

/** Bodies are documented as clients send them (before defaults and transforms). */
export function jsonSchema(schema: z.ZodType): Json {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  })
  return rest
}

/**
 * Each error status and the shared response (components.responses) documenting it: one for
 * every status in errors.ts's ERROR_STATUS table (the compiler checks none is missing).
 */
export const ERROR_RESPONSES = {
  '400': 'BadRequest',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'NotFound',
  '405': 'MethodNotAllowed',
  '409': 'RunActive',
  '413': 'TooLarge',
  '415': 'UnsupportedMediaType',
  '429': 'RateLimited',
  '500': 'Internal',
  '502': 'UpstreamFailed',
  '503': 'NotConfigured',
} as const satisfies Record<`${ErrorHttpStatus}`, string>
export type ErrorStatus = keyof typeof ERROR_RESPONSES

/** The listed error responses plus 500, which every route can answer (bad config, a bug). */
export function errors(...statuses: ErrorStatus[]): Json {
  return Object.fromEntries(
    [...statuses, '500' as const].map((status) => [
      status,
      { $ref: `#/components/responses/${ERROR_RESPONSES[status]}` },
    ]),
  )
}

export const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` })

export const json = (schema: Json, description = 'OK') => ({
  description,
  content: { 'application/json': { schema } },
})

export const body = (schema: Json) => ({
  required: true,
  content: { 'application/json': { schema } },
})

export const withBody = (schema: z.ZodType) => ({ requestBody: body(jsonSchema(schema)) })

export const objectOf = (properties: Json) => ({
  type: 'object',
  required: Object.keys(properties),
  properties,
})

/** What an erasure answers: its own fields and the counts of what went, per kind of data. */
export const erasedShape = (fields: Json) =>
  objectOf({
    ...fields,
    erased: { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } },
  })

export const pathParam = (name: string, schema: Json) => ({
  name,
  in: 'path',
  required: true,
  schema,
})

export const uuidParam = (name: string) => pathParam(name, { type: 'string', format: 'uuid' })

/** Runs relay packets: SSE or [[STATUS]] text when Accept asks, one JSON body otherwise. */
export function streamed(result: Json, headers?: Json): Json {
  return {
    description:
      'Accept: text/event-stream streams SSE packets (status, token, citation, sources, tool_call, ' +
      'tool_result, pending_content, verdict, error, done), one event per packet; Accept: ' +
      'text/plain streams the answer text with control lines on lines of their own: ' +
      '`[[STATUS]] <message>`, `[[ERROR]] {code,message}` and last `[[DONE]] <result JSON>` ' +
      '(a content line starting with `[[` is sent as `\\[[`); otherwise one JSON body: the ' +
      'run result once done (a failed run answers with its error status). See stream/README.md.',
    ...(headers ? { headers } : {}),
    content: {
      'application/json': { schema: result },
      'text/event-stream': { schema: { type: 'string' } },
      'text/plain': { schema: { type: 'string' } },
    },
  }
}

export const SESSION_TOKEN = [{ sessionToken: [] }]
export const API_KEY = [{ bearerApiKey: [] }, { headerApiKey: [] }]
/** Errors of every route that opens a session by id with its bearer token. */
export const SESSION_ERRORS: ErrorStatus[] = ['400', '401', '403', '404']

/** What a capability contributes to /openapi.json: its paths and its payload schemas. */
export interface OpenApiPart {
  paths(): Json
  schemas?(): Record<string, Json>
}

/** A session-token route on /api/sessions/{id}/... */
export const onSession = (summary: string, responses: Json, extra: Json = {}) => ({
  summary,
  parameters: [uuidParam('id')],
  security: SESSION_TOKEN,
  responses,
  ...extra,
})
