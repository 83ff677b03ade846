// Small node:http helpers for the fake server: JSON bodies, OpenAI-style error bodies, and
// waits that end early when the client hangs up.
import type { IncomingMessage, ServerResponse } from 'node:http'

export async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const parts: Buffer[] = []
  for await (const part of req) parts.push(part as Buffer)
  try {
    const value: unknown = JSON.parse(Buffer.concat(parts).toString('utf8') || '{}')
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  if (isGone(res)) return
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(value))
}

export interface ErrorBody {
  message: string
  type?: string
  code?: string | null
}

export function defaultError(status: number): ErrorBody {
  if (status === 429) {
    return {
      message: 'You exceeded your current quota, please check your plan and billing details.',
      type: 'insufficient_quota',
      code: 'insufficient_quota',
    }
  }
  if (status === 401)
    return {
      message: 'Incorrect API key provided.',
      type: 'invalid_request_error',
      code: 'invalid_api_key',
    }
  return {
    message: `Fake upstream failure (${status})`,
    type: status >= 500 ? 'server_error' : 'invalid_request_error',
    code: null,
  }
}

export function sendError(res: ServerResponse, status: number, error: ErrorBody): void {
  sendJson(res, status, {
    error: { type: 'invalid_request_error', code: null, param: null, ...error },
  })
}

/** True once the client has gone or the answer is complete. */
export function isGone(res: ServerResponse): boolean {
  return res.destroyed || res.writableEnded
}

/** Waits ms, or less if the client disconnects first. */
export function pause(ms: number, res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      res.off('close', done)
      resolve()
    }
    res.on('close', done)
  })
}
