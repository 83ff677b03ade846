// Request body caps, chosen by route, never by Content-Type: the upload routes take
// MAX_UPLOAD_BYTES (their handlers may check tighter), every other route MAX_BODY_BYTES.
// Counted by bytes read (a stream without Content-Length too) and applied to every request
// before any route authenticates it. Over the cap -> 413 envelope, before the body is parsed.
import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { TooLargeError } from '../errors'
import type { AppEnv } from './app-env'

/** The routes that take a file: POST /api/papers/upload and POST /api/sessions/:id/files. */
const UPLOAD_ROUTES: readonly { method: string; path: RegExp }[] = [
  { method: 'POST', path: /^\/api\/papers\/upload\/?$/ },
  { method: 'POST', path: /^\/api\/sessions\/[^/]+\/files\/?$/ },
]

export function isUploadRoute(method: string, path: string): boolean {
  return UPLOAD_ROUTES.some((route) => route.method === method && route.path.test(path))
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

/** Every request's cap: its route's, from config. */
export function routeBodyLimit(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { maxBodyBytes, maxUploadBytes } = c.get('deps').config.limits
    const max = isUploadRoute(c.req.method, c.req.path) ? maxUploadBytes : maxBodyBytes
    return limitBodySize(max)(c, next)
  }
}
