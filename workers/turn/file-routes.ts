// POST /:id/files uploads a file (text, markdown, PDF, image) for a message or the project:
// extracted and token-counted here, once; refused with 413 (nothing stored) when a message file
// cannot fit the context. GET /:id/files lists the session's files.
import { Hono } from 'hono'
import { contextOperations, intakeFile, type FileInfo } from '../context'
import {
  callOperation,
  clientQuota,
  openAuthorizedSession,
  sessionIdParamSchema,
  validate,
  type AppEnv,
} from '../http'
import { contextTokensOf } from './limits'
import { readUpload } from './upload'

export function fileView(file: FileInfo) {
  return {
    id: file.id,
    name: file.name,
    content_type: file.contentType,
    kind: file.kind,
    scope: file.scope,
    tokens: file.tokens,
    bytes: file.bytes,
    indexed: file.indexed,
    created_at: file.createdAt,
  }
}

export const fileRoutes = new Hono<AppEnv>()
  .post('/:id/files', validate('param', sessionIdParamSchema), clientQuota('upload'), async (c) => {
    const stub = await openAuthorizedSession(c, c.req.valid('param').id)
    const deps = c.get('deps')
    const upload = await readUpload(c)
    const file = await intakeFile(upload, { contextTokens: contextTokensOf(deps), now: deps.now() })
    const saved = await callOperation(stub, contextOperations.addFile, file)
    return c.json({ file: fileView(saved) }, 201)
  })
  .get('/:id/files', validate('param', sessionIdParamSchema), async (c) => {
    const stub = await openAuthorizedSession(c, c.req.valid('param').id)
    const files = await callOperation(stub, contextOperations.files, {})
    return c.json({ files: files.map(fileView) })
  })
