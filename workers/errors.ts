// The AppError family and ERROR_STATUS, the one table of error codes and HTTP statuses that the
// classes, the JSON envelope (http/error-envelope.ts), the error handler and /openapi.json read.

/**
 * Every error code a client can see and its HTTP status. For each status the first code
 * listed is the generic one (used when only a status is known, e.g. a framework exception).
 */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  invalid_json: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  run_active: 409,
  too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  quota_exhausted: 429,
  internal: 500,
  config_invalid: 500,
  upstream_failed: 502,
  run_incomplete: 502,
  not_configured: 503,
} as const satisfies Record<string, number>

export type ErrorCode = keyof typeof ERROR_STATUS
export type ErrorHttpStatus = (typeof ERROR_STATUS)[ErrorCode]

/** The status for a code; codes outside the table (never sent by Quire itself) are 500. */
export function statusForCode(code: string): number {
  return (ERROR_STATUS as Record<string, number>)[code] ?? 500
}

/** The generic code for a status (the first listed), or 'bad_request' / 'internal'. */
export function codeForStatus(status: number): ErrorCode {
  const codes = Object.keys(ERROR_STATUS) as ErrorCode[]
  return (
    codes.find((code) => ERROR_STATUS[code] === status) ??
    (status < 500 ? 'bad_request' : 'internal')
  )
}

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

  /** Prefer `AppError.of(code, ...)`: the status then comes from ERROR_STATUS. */
  constructor(status: number, code: string, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = new.target.name
    this.status = status
    this.code = code
    this.retryable = options.retryable ?? false
    this.details = options.details
  }

  static of(code: ErrorCode, message: string, options: AppErrorOptions = {}): AppError {
    return new AppError(ERROR_STATUS[code], code, message, options)
  }
}

export class ValidationError extends AppError {
  constructor(message: string, options: AppErrorOptions = {}) {
    super(ERROR_STATUS.validation_failed, 'validation_failed', message, options)
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication required', options: AppErrorOptions = {}) {
    super(ERROR_STATUS.unauthorized, 'unauthorized', message, options)
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'Not allowed', options: AppErrorOptions = {}) {
    super(ERROR_STATUS.forbidden, 'forbidden', message, options)
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found', options: AppErrorOptions = {}) {
    super(ERROR_STATUS.not_found, 'not_found', message, options)
  }
}

export class RunActiveError extends AppError {
  constructor(message = 'A run is already active for this session', options: AppErrorOptions = {}) {
    super(ERROR_STATUS.run_active, 'run_active', message, options)
  }
}

export class TooLargeError extends AppError {
  constructor(message: string, options: AppErrorOptions = {}) {
    super(ERROR_STATUS.too_large, 'too_large', message, options)
  }
}

export class RateLimitedError extends AppError {
  /** Seconds the client should wait; sent as Retry-After. */
  readonly retryAfterSeconds: number
  constructor(message: string, retryAfterSeconds: number, options: AppErrorOptions = {}) {
    super(ERROR_STATUS.rate_limited, 'rate_limited', message, { retryable: true, ...options })
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/** Both model API keys are spent (seed 004): not retryable until the provider resets. */
export class QuotaExhaustedError extends RateLimitedError {
  constructor(
    message = 'Model quota exhausted on every configured key',
    options: AppErrorOptions = {},
  ) {
    super(message, 1800, { ...options, retryable: false })
    Object.defineProperty(this, 'code', { value: 'quota_exhausted' })
  }
}

export class ProviderError extends AppError {
  /** Which upstream failed, e.g. 'openai-compatible', 'arxiv'. */
  readonly provider: string
  constructor(provider: string, message: string, options: AppErrorOptions = {}) {
    super(ERROR_STATUS.upstream_failed, 'upstream_failed', message, options)
    this.provider = provider
  }
}

export class NotConfiguredError extends AppError {
  constructor(message: string, options: AppErrorOptions = {}) {
    super(ERROR_STATUS.not_configured, 'not_configured', message, options)
  }
}

/** One bad configuration variable and the rule it broke (never its value). */
export interface ConfigProblem {
  variable: string
  message: string
}

/** Bad configuration, raised at start-up; names every bad variable, not only the first. */
export class ConfigError extends Error {
  readonly problems: readonly ConfigProblem[]
  /** The first bad variable; all of them are in `problems`. */
  readonly variable: string
  constructor(problems: readonly [ConfigProblem, ...ConfigProblem[]]) {
    const [first] = problems
    super(
      problems.length === 1
        ? `Invalid configuration ${first.variable}: ${first.message}`
        : `Invalid configuration (${problems.length} variables): ${problems
            .map((p) => `${p.variable}: ${p.message}`)
            .join('; ')}`,
    )
    this.name = 'ConfigError'
    this.problems = problems
    this.variable = first.variable
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError
}
