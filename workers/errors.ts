// The AppError family: every failure a client can see maps to one of these and to the
// JSON envelope {error:{code,message,details?,request_id}} rendered by http/errors.ts.

export interface AppErrorOptions {
  details?: unknown
  cause?: unknown
  retryable?: boolean
}

export class AppError extends Error {
  readonly code: string
  readonly status: number
  readonly retryable: boolean
  readonly details?: unknown

  constructor(status: number, code: string, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = new.target.name
    this.status = status
    this.code = code
    this.retryable = options.retryable ?? false
    this.details = options.details
  }
}

export class ValidationError extends AppError {
  constructor(message: string, options: AppErrorOptions = {}) {
    super(400, 'validation_failed', message, options)
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication required', options: AppErrorOptions = {}) {
    super(401, 'unauthorized', message, options)
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'Not allowed', options: AppErrorOptions = {}) {
    super(403, 'forbidden', message, options)
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found', options: AppErrorOptions = {}) {
    super(404, 'not_found', message, options)
  }
}

export class RunActiveError extends AppError {
  constructor(message = 'A run is already active for this session', options: AppErrorOptions = {}) {
    super(409, 'run_active', message, options)
  }
}

export class TooLargeError extends AppError {
  constructor(message: string, options: AppErrorOptions = {}) {
    super(413, 'too_large', message, options)
  }
}

export class RateLimitedError extends AppError {
  /** Seconds the client should wait; sent as Retry-After. */
  readonly retryAfterSeconds: number
  constructor(message: string, retryAfterSeconds: number, options: AppErrorOptions = {}) {
    super(429, 'rate_limited', message, { retryable: true, ...options })
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/** Both model API keys are spent (seed 004): not retryable until the provider resets. */
export class QuotaExhaustedError extends RateLimitedError {
  constructor(message = 'Model quota exhausted on every configured key', options: AppErrorOptions = {}) {
    super(message, 1800, { ...options, retryable: false })
    Object.defineProperty(this, 'code', { value: 'quota_exhausted' })
  }
}

export class ProviderError extends AppError {
  /** Which upstream failed, e.g. 'openai-compatible', 'arxiv'. */
  readonly provider: string
  constructor(provider: string, message: string, options: AppErrorOptions = {}) {
    super(502, 'upstream_failed', message, options)
    this.provider = provider
  }
}

export class NotConfiguredError extends AppError {
  constructor(message: string, options: AppErrorOptions = {}) {
    super(503, 'not_configured', message, options)
  }
}

/** A bad configuration value, raised at start-up; names the variable. */
export class ConfigError extends Error {
  readonly variable: string
  constructor(variable: string, message: string) {
    super(`Invalid configuration ${variable}: ${message}`)
    this.name = 'ConfigError'
    this.variable = variable
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError
}
