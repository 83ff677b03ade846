// The shared document types, which every session's stage-1 prompt lists, are written only by
// an API key holder: GET lists them, PUT creates or replaces one, DELETE removes one. A model's
// proposed types stay with the session that proposed them (document-types.ts); the system's
// types cannot be changed here (403).
import { Hono } from 'hono'
import { deleteSharedDocumentType, listSharedDocumentTypes, putSharedDocumentType } from '../db'
import { ForbiddenError, NotFoundError, ValidationError } from '../errors'
import { authNote, requireApiKey, validate, type AppEnv } from '../http'
import { isValidTypeName } from './document-types'
import { sharedTypeBodySchema, sharedTypeParamSchema } from './schemas'

const systemRefusal = (name: string) =>
  new ForbiddenError(`name: ${name} is one of the system's document types and cannot be changed`)

function validName(raw: string): string {
  const name = raw.toLowerCase()
  if (!isValidTypeName(name))
    throw new ValidationError(
      'name: lower snake case, 2-40 characters, starting with a letter, not a reserved word',
      { details: { field: 'name' } },
    )
  return name
}

export const sharedTypeRoutes = new Hono<AppEnv>()
  .get('/', requireApiKey(), async (c) => {
    const types = await listSharedDocumentTypes(c.get('deps').db)
    return c.json({
      types: types.map((t) => ({
        type_name: t.typeName,
        description: t.description,
        metadata_schema: t.metadataSchema,
        system: t.isSystem,
      })),
      ...authNote(c),
    })
  })
  .put(
    '/:name',
    requireApiKey(),
    validate('param', sharedTypeParamSchema),
    validate('json', sharedTypeBodySchema),
    async (c) => {
      const name = validName(c.req.valid('param').name)
      const { description, metadata_schema } = c.req.valid('json')
      const type = { typeName: name, description, metadataSchema: metadata_schema }
      const outcome = await putSharedDocumentType(c.get('deps').db, type)
      if (outcome === 'system') throw systemRefusal(name)
      return c.json({ type_name: name, outcome, ...authNote(c) }, outcome === 'created' ? 201 : 200)
    },
  )
  .delete('/:name', requireApiKey(), validate('param', sharedTypeParamSchema), async (c) => {
    const name = validName(c.req.valid('param').name)
    const outcome = await deleteSharedDocumentType(c.get('deps').db, name)
    if (outcome === 'system') throw systemRefusal(name)
    if (outcome === 'missing') throw new NotFoundError(`name: no shared document type ${name}`)
    return c.json({ type_name: name, outcome, ...authNote(c) })
  })
