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

const fieldOf = (path: readonly PropertyKey[]) => path.map(String).join('.') || 'body'

const isMissing = (issue: z.core.$ZodIssue) =>
  issue.code === 'invalid_type' && /received undefined/.test(issue.message)

function describeIssue(issue: z.core.$ZodIssue): string {
  const problem = isMissing(issue) ? 'is required' : issue.message.replace(/^Invalid input: /, '')
  return `${fieldOf(issue.path)}: ${problem}`
}

/**
 * "sources: unknown field (expected jobs)": each key a strict object does not know, with the
 * required fields missing beside it (a misnamed field is usually one of them).
 */
function describeUnknownKeys(issue: z.core.$ZodIssue, all: readonly z.core.$ZodIssue[]): string[] {
  if (issue.code !== 'unrecognized_keys') return []
  const at = fieldOf(issue.path)
  const expected = all
    .filter((i) => isMissing(i) && i.path.length === issue.path.length + 1)
    .filter((i) => fieldOf(i.path.slice(0, -1)) === at)
    .map((i) => String(i.path.at(-1)))
  const hint = expected.length ? ` (expected ${expected.join(', ')})` : ''
  return issue.keys.map((key) => `${fieldOf([...issue.path, key])}: unknown field${hint}`)
}

/**
 * "query: must not be empty; limit: too big": each bad field and its problem (first few).
 * Unknown fields come first: a misspelt or misplaced key is usually the cause of the rest.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const described = [
    ...issues.flatMap((issue) => describeUnknownKeys(issue, issues)),
    ...issues.filter((issue) => issue.code !== 'unrecognized_keys').map(describeIssue),
  ]
  const listed = described.slice(0, MAX_LISTED)
  const more = described.length > MAX_LISTED ? ` (and ${described.length - MAX_LISTED} more)` : ''
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
