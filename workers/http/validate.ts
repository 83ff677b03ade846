// validate(target, schema): @hono/zod-validator whose failures throw ValidationError (400 whose
// message names each bad field and its problem, with the zod issues as details), and whose
// JSON target rejects unparseable bodies as 400 `invalid_json`.
import { zValidator } from '@hono/zod-validator'
import type { Context, ValidationTargets } from 'hono'
import type { z } from 'zod'
import { AppError, ValidationError } from '../errors'

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i
const MAX_LISTED = 3

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

function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.map(String).join('.') || 'body'
  const missing = issue.code === 'invalid_type' && /received undefined/.test(issue.message)
  const problem = missing ? 'is required' : issue.message.replace(/^Invalid input: /, '')
  return `${field}: ${problem}`
}

/** "query: must not be empty; limit: too big": each bad field and its problem (first few). */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const listed = issues.slice(0, MAX_LISTED).map(describeIssue)
  const more = issues.length > MAX_LISTED ? ` (and ${issues.length - MAX_LISTED} more)` : ''
  return listed.length ? `${listed.join('; ')}${more}` : 'Invalid request'
}

/** The ValidationError for a failed zod parse of request input. */
export function invalidInput(error: { issues: z.core.$ZodIssue[] }): ValidationError {
  return new ValidationError(describeIssues(error.issues), { details: { issues: error.issues } })
}

export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  const inner = zValidator(target, schema, (result) => {
    if (!result.success) throw invalidInput(result.error)
  })
  const guarded: typeof inner = async (c, next) => {
    if (target === 'json') await assertJsonBody(c)
    return inner(c, next)
  }
  return guarded
}
