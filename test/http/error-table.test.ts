import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { app } from '../../workers/app'
import {
  AppError,
  codeForStatus,
  ERROR_STATUS,
  ForbiddenError,
  NotConfiguredError,
  NotFoundError,
  ProviderError,
  QuotaExhaustedError,
  RateLimitedError,
  RunActiveError,
  TooLargeError,
  UnauthorizedError,
  ValidationError,
} from '../../workers/errors'
import { appErrorFromCode } from '../../workers/http'

// ERROR_STATUS is the one list of error codes: classes, relayed errors and /openapi.json agree.
describe('the error code table', () => {
  it('gives every AppError class the status its code has in the table', () => {
    const errors: AppError[] = [
      new ValidationError('x'),
      new UnauthorizedError(),
      new ForbiddenError(),
      new NotFoundError(),
      new RunActiveError(),
      new TooLargeError('x'),
      new RateLimitedError('x', 1),
      new QuotaExhaustedError(),
      new ProviderError('p', 'x'),
      new NotConfiguredError('x'),
      AppError.of('invalid_json', 'x'),
    ]
    for (const error of errors) {
      expect(error.status).toBe(ERROR_STATUS[error.code as keyof typeof ERROR_STATUS])
    }
  })

  it('rebuilds relayed errors with the table status, and 500 for unknown codes', () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      expect(appErrorFromCode(code, 'm').status).toBe(status)
    }
    expect(appErrorFromCode('something_else', 'm').status).toBe(500)
  })

  it('names the generic code for a bare status', () => {
    expect(codeForStatus(400)).toBe('bad_request')
    expect(codeForStatus(409)).toBe('conflict')
    expect(codeForStatus(413)).toBe('too_large')
    expect(codeForStatus(418)).toBe('bad_request')
  })

  it('documents every code and a response for every status in /openapi.json', async () => {
    const res = await app.request('/openapi.json', {}, env)
    const doc = await res.json<{ components: Record<string, Record<string, unknown>> }>()
    const envelope = doc.components.schemas?.ErrorEnvelope as {
      properties: { error: { properties: { code: { examples: string[] } } } }
    }
    expect(envelope.properties.error.properties.code.examples).toEqual(Object.keys(ERROR_STATUS))
    const responses = Object.keys(doc.components.responses ?? {})
    expect(responses.length).toBeGreaterThanOrEqual(new Set(Object.values(ERROR_STATUS)).size)
  })
})
