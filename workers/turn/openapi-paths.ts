// /openapi.json paths of the turn routes mounted under /api/sessions/{id}: messages,
// settings and files (all need the session's bearer token).
import { fileJsonSchema, messageBodySchema, settingsBodySchema } from './schemas'
import { openApi, type Json } from '../http'

const {
  body,
  errors,
  json,
  jsonSchema,
  objectOf,
  onSession,
  schemaRef,
  SESSION_ERRORS,
  streamed,
  withBody,
} = openApi

/** JSON or multipart; the JSON form holds exactly one of content_base64 and text. */
function fileUpload(): Json {
  const fileJson = {
    ...jsonSchema(fileJsonSchema),
    oneOf: [{ required: ['content_base64'] }, { required: ['text'] }],
  }
  const fileMultipart = {
    type: 'object',
    required: ['file'],
    properties: {
      file: { type: 'string', format: 'binary' },
      scope: { type: 'string', enum: ['message', 'project'], default: 'message' },
    },
  }
  return {
    required: true,
    content: {
      'application/json': { schema: fileJson },
      'multipart/form-data': { schema: fileMultipart },
    },
  }
}

export function turnPaths(): Json {
  // The settings read back are the body's fields, all present (stored values passed the body).
  const settings = json(jsonSchema(settingsBodySchema.required()))
  return {
    '/api/sessions/{id}/messages': {
      post: onSession(
        'Send a chat message: runs one turn in the session',
        {
          '200': streamed(schemaRef('TurnResult')),
          ...errors(...SESSION_ERRORS, '409', '413', '415', '429', '502', '503'),
        },
        withBody(messageBodySchema),
      ),
    },
    '/api/sessions/{id}/settings': {
      get: onSession('The session settings', {
        '200': settings,
        ...errors(...SESSION_ERRORS),
      }),
      put: onSession(
        'Change the system prompt (null restores the default), custom agent prompt or reminders',
        { '200': settings, ...errors(...SESSION_ERRORS, '413', '415') },
        // minProperties: the schema's refine (at least one setting) has no JSON Schema form.
        { requestBody: body({ ...jsonSchema(settingsBodySchema), minProperties: 1 }) },
      ),
    },
    '/api/sessions/{id}/files': {
      get: onSession('Files attached to the session', {
        '200': json(objectOf({ files: { type: 'array', items: schemaRef('FileView') } })),
        ...errors(...SESSION_ERRORS),
      }),
      post: onSession(
        'Attach a file (text, markdown, PDF, image) to the next message or to the project',
        {
          '201': json(objectOf({ file: schemaRef('FileView') }), 'Created'),
          ...errors(...SESSION_ERRORS, '413', '429'),
        },
        { requestBody: fileUpload() },
      ),
    },
  }
}
