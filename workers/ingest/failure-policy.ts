// How the consumer treats a failed job: retry (transient upstream trouble) or give up
// (bad input, parse errors, 4xx), with exponential backoff and a readable reason.
import { isAppError } from '../errors'

/** Mirrors wrangler.toml's `max_retries` for quire-ingest: after it, the runtime dead-letters. */
export const MAX_RETRIES = 4
/** The runtime delivers a message once plus MAX_RETRIES times before the DLQ. */
export const MAX_ATTEMPTS = MAX_RETRIES + 1
const MAX_DELAY_SECONDS = 300
const MAX_REASON_CHARS = 500

/** min(2^attempts * 5 s, 5 min): 10 s, 20 s, 40 s, 80 s... */
export function backoffSeconds(attempts: number): number {
  return Math.min(2 ** Math.max(1, attempts) * 5, MAX_DELAY_SECONDS)
}

export function isLastAttempt(attempts: number): boolean {
  return attempts >= MAX_ATTEMPTS
}

/**
 * Transient failures worth another delivery: AppErrors their adapter flagged retryable (5xx,
 * 429, network, timeouts; sources wraps fetch failures this way) and our own job deadline.
 * Anything else (a bug, bad data) would fail the same way again, so it is not retried.
 */
export function isRetryable(error: unknown): boolean {
  if (isAppError(error)) return error.retryable
  // AbortSignal.timeout() rejects with a DOMException named TimeoutError.
  return (
    typeof error === 'object' && error !== null && 'name' in error && error.name === 'TimeoutError'
  )
}

/** A short reason for the job's error list: the error's own message, never a stack. */
export function describeError(error: unknown): string {
  let reason: string
  if (isAppError(error)) reason = `${error.code}: ${error.message}`
  else if (error instanceof Error) reason = `${error.name}: ${error.message}`
  else reason = 'unknown error'
  return reason.length > MAX_REASON_CHARS ? `${reason.slice(0, MAX_REASON_CHARS - 1)}…` : reason
}
