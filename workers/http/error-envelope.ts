// The one JSON error envelope {error:{code,message,details?,request_id}}, and an AppError
// rebuilt from a code (when an error crosses a stream as a packet; statuses from errors.ts).
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { AppError, RateLimitedError, statusForCode } from '../errors'

export interface ErrorEnvelope {
  error: { code: string; message: string; details?: unknown; request_id: string }
}

export function envelope(
  c: Context,
  status: ContentfulStatusCode,
  body: { code: string; message: string; details?: unknown },
): Response {
  const requestId = String(c.get('requestId') ?? '')
  const payload: ErrorEnvelope = {
    error: {
      code: body.code,
      message: body.message,
      ...(body.details === undefined ? {} : { details: body.details }),
      request_id: requestId,
    },
  }
  const response = c.json(payload, status)
  if (requestId) response.headers.set('X-Request-Id', requestId)
  return response
}

export function appErrorResponse(c: Context, error: AppError): Response {
  const response = envelope(c, error.status as ContentfulStatusCode, error)
  if (error instanceof RateLimitedError) {
    response.headers.set('Retry-After', String(error.retryAfterSeconds))
  }
  return response
}

/** Rebuilds an AppError from a code and message (an `error` packet relayed from a run). */
export function appErrorFromCode(code: string, message: string): AppError {
  return new AppError(statusForCode(code), code, message)
}
