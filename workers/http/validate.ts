// validate(target, schema): @hono/zod-validator whose failures throw ValidationError (400 with
// the zod issues), and whose JSON target rejects unparseable bodies as 400 `invalid_json`.
import { zValidator } from '@hono/zod-validator'
import type { Context, ValidationTargets } from 'hono'
import type { z } from 'zod'
import { AppError, ValidationError } from '../errors'

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i

/** Parses the body once (Hono caches it for the validator) so bad JSON gets its own code. */
async function assertJsonBody(c: Context): Promise<void> {
  const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim() ?? ''
  if (!JSON_MEDIA_TYPE.test(mediaType)) {
    throw new AppError(415, 'unsupported_media_type', 'Send the request body as application/json')
  }
  try {
    await c.req.json()
  } catch (cause) {
    throw new AppError(400, 'invalid_json', 'The request body is not valid JSON', { cause })
  }
}

export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  const inner = zValidator(target, schema, (result) => {
    if (!result.success) {
      throw new ValidationError(`Invalid request ${target}`, {
        details: { issues: result.error.issues },
      })
    }
  })
  const guarded: typeof inner = async (c, next) => {
    if (target === 'json') await assertJsonBody(c)
    return inner(c, next)
  }
  return guarded
}
