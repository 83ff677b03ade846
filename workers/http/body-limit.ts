// Request body caps: MAX_BODY_BYTES for API calls, MAX_UPLOAD_BYTES for multipart uploads
// (their routes may check tighter). Over the cap -> 413 envelope, before the body is parsed.
import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { TooLargeError } from '../errors'
import type { AppEnv } from './app-env'

function isMultipart(contentType: string | undefined): boolean {
  return (contentType ?? '').toLowerCase().startsWith('multipart/form-data')
}

export function limitBodySize(maxBytes: number): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new TooLargeError(`Request body exceeds ${maxBytes} bytes`, {
        details: { max_bytes: maxBytes },
      })
    },
  })
}

/** The limit for /api and /v1: chosen per request from config. */
export function apiBodyLimit(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { maxBodyBytes, maxUploadBytes } = c.get('deps').config.limits
    const max = isMultipart(c.req.header('Content-Type')) ? maxUploadBytes : maxBodyBytes
    return limitBodySize(max)(c, next)
  }
}
