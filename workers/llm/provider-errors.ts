// Turns openai-SDK failures into the AppError family: quota detection (seed 004's trigger
// for the fallback key) and ProviderError with `retryable` for 5xx, timeouts and dropped links.
import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai'
import { AppError, ProviderError } from '../errors'

const QUOTA_WORDS = /quota|resource[ _-]?exhausted|rate[ _-]?limit|too many requests/i

interface ErrorFacts {
  status?: number
  code?: string
  type?: string
  message: string
}

function factsOf(error: unknown): ErrorFacts {
  if (error instanceof APIError) {
    return {
      status: typeof error.status === 'number' ? error.status : undefined,
      code: error.code ?? undefined,
      type: error.type ?? undefined,
      message: error.message,
    }
  }
  return { message: error instanceof Error ? error.message : String(error) }
}

/**
 * True when the provider says the key is out of quota or rate limited. With an HTTP status we
 * trust the status and the structured code/type only; message text is a last resort for
 * failures that carry no status (errors raised inside an SSE stream).
 */
export function isQuotaError(error: unknown): boolean {
  const facts = factsOf(error)
  const structured = `${facts.code ?? ''} ${facts.type ?? ''}`
  if (facts.status !== undefined) return facts.status === 429 || QUOTA_WORDS.test(structured)
  if (error instanceof APIConnectionError) return false
  return (
    QUOTA_WORDS.test(structured) || QUOTA_WORDS.test(facts.message) || /\b429\b/.test(facts.message)
  )
}

/** Wraps any failure from an OpenAI-compatible call; AppErrors pass through unchanged. */
export function toProviderError(
  provider: string,
  error: unknown,
  context: { timeoutMs?: number } = {},
): AppError {
  if (error instanceof AppError) return error
  if (error instanceof APIConnectionTimeoutError) {
    const after = context.timeoutMs ? ` after ${context.timeoutMs} ms` : ''
    return new ProviderError(provider, `Model request timed out${after}`, {
      cause: error,
      retryable: true,
    })
  }
  if (error instanceof APIConnectionError) {
    return new ProviderError(provider, 'Could not reach the model provider', {
      cause: error,
      retryable: true,
    })
  }
  const facts = factsOf(error)
  if (facts.status !== undefined) {
    const retryable = facts.status >= 500 || facts.status === 408 || facts.status === 409
    // The SDK's message already starts with the status ("429 You exceeded ...").
    return new ProviderError(provider, `Model provider returned ${facts.message}`, {
      cause: error,
      retryable,
    })
  }
  return new ProviderError(provider, `Model call failed: ${facts.message}`, { cause: error })
}

/** A stream that went silent for longer than the configured timeout. */
export function idleTimeoutError(provider: string, timeoutMs: number): ProviderError {
  return new ProviderError(provider, `Model stream stalled for ${timeoutMs} ms`, {
    retryable: true,
    cause: new DOMException('stream stalled', 'TimeoutError'),
  })
}

/** True for a 400 that most likely means "response_format json_schema is not supported". */
export function isBadRequest(error: unknown): boolean {
  return error instanceof APIError && error.status === 400
}

/** Why a model step fell back, in words fit for a user (and the `fallbacks` list). */
export type ModelFailureReason =
  'model unreachable' | 'timeout' | 'quota' | 'model error' | 'unexpected error'

function isTimeout(error: unknown): boolean {
  if (isTimeoutCause(error)) return true
  return error instanceof Error && error.cause !== error && isTimeoutCause(error.cause)
}

const isTimeoutCause = (cause: unknown) =>
  cause instanceof APIConnectionTimeoutError ||
  (typeof cause === 'object' && cause !== null && 'name' in cause && cause.name === 'TimeoutError')

/** Classifies a failed model call by its error classes and causes, never by message text. */
export function modelFailureReason(error: unknown): ModelFailureReason {
  if (isTimeout(error)) return 'timeout'
  if (error instanceof AppError && error.code === 'quota_exhausted') return 'quota'
  if (error instanceof AppError && error.status === 429) return 'quota'
  if (isQuotaError(error)) return 'quota'
  const cause = error instanceof Error ? error.cause : undefined
  if (error instanceof APIConnectionError || cause instanceof APIConnectionError) {
    return 'model unreachable'
  }
  if (error instanceof AppError) return 'model error'
  return 'unexpected error'
}

/** Failures that say the model will not answer the next call either: no connection, no quota. */
export const MODEL_DOWN_REASONS: ReadonlySet<string> = new Set(['model unreachable', 'quota'])

/**
 * True when a model call's own failure says a second call in the same request would meet it
 * too: MODEL_DOWN_REASONS, or no answer within the model's own per-call limit (a caller's
 * shorter deadline says nothing of the model; such callers read the reasons alone). A refusal
 * or a malformed reply is not this: the model is there.
 */
export function isModelDown(error: unknown): boolean {
  const reason = modelFailureReason(error)
  return reason === 'timeout' || MODEL_DOWN_REASONS.has(reason)
}
