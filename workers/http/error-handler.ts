// app.onError and app.notFound: every failure leaves as the JSON envelope with the right status.
// Unknown errors are logged with the request id and never shown to the client.
import type { Context, ErrorHandler, Hono, NotFoundHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { ZodError } from 'zod'
import { codeForStatus, ConfigError, isAppError } from '../errors'
import type { AppEnv } from './app-env'
import { appErrorResponse, envelope } from './error-envelope'
import { prefersHtml, renderNotFoundPage } from './not-found-page'
import { describeIssues } from './validate'

function logUnexpected(c: Context, error: Error): void {
  console.error(
    JSON.stringify({
      level: 'error',
      request_id: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      error: error.name,
      message: error.message,
      stack: error.stack,
    }),
  )
}

export const errorHandler: ErrorHandler<AppEnv> = (error, c) => {
  if (isAppError(error)) return appErrorResponse(c, error)
  if (error instanceof ZodError) {
    return envelope(c, 400, {
      code: 'validation_failed',
      message: describeIssues(error.issues),
      details: { issues: error.issues },
    })
  }
  if (error instanceof ConfigError) {
    // The message names every bad variable and the rule it broke, never a value.
    return envelope(c, 500, {
      code: 'config_invalid',
      message: error.message,
      details: {
        variable: error.variable,
        variables: error.problems.map((p) => p.variable),
        problems: error.problems,
      },
    })
  }
  if (error instanceof HTTPException && error.status < 500) {
    return envelope(c, error.status as ContentfulStatusCode, {
      code: codeForStatus(error.status),
      message: error.message || 'Request failed',
    })
  }
  logUnexpected(c, error)
  return envelope(c, 500, { code: 'internal', message: 'Internal error' })
}

/** 404: the JSON envelope, or for a browser asking for a page, a small HTML page. */
export const notFoundHandler: NotFoundHandler<AppEnv> = (c) => {
  if (c.req.method === 'GET' && prefersHtml(c)) return c.html(renderNotFoundPage(c.req.path), 404)
  return envelope(c, 404, {
    code: 'not_found',
    message: `No route for ${c.req.method} ${c.req.path}`,
  })
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

/** Methods with a real (non-middleware) route for this path. */
function allowedMethods(app: Hono<AppEnv>, path: string): string[] {
  return METHODS.filter((method) => {
    const [matches] = app.router.match(method, path)
    return matches.some(([[, route]]) => route.method === method)
  })
}

/** 404 for unknown paths; 405 with Allow when the path exists under other methods. */
export function createNotFoundHandler(app: Hono<AppEnv>): NotFoundHandler<AppEnv> {
  return (c) => {
    const allowed = allowedMethods(app, c.req.path)
    if (allowed.length === 0 || allowed.includes(c.req.method)) return notFoundHandler(c)
    const response = envelope(c, 405, {
      code: 'method_not_allowed',
      message: `${c.req.method} is not allowed here; use ${allowed.join(', ')}`,
    })
    response.headers.set('Allow', allowed.join(', '))
    return response
  }
}
