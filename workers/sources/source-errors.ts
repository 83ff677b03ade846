// Typed failures of the sources layer: an upstream answered with something we cannot read
// (malformed Atom, a JSON shape we do not know), a file is not a readable PDF, or a page or
// PDF fetch answered non-2xx.
import { ProviderError, ValidationError, type AppErrorOptions } from '../errors'
import type { SafeResponse } from './safe-fetch-types'

/** An upstream reply that is malformed or truncated; nothing from it is returned. */
export class SourceParseError extends ProviderError {
  constructor(provider: string, message: string, options: AppErrorOptions = {}) {
    super(provider, message, options)
    Object.defineProperty(this, 'code', { value: 'source_unreadable' })
  }
}

/** Bytes that claim to be (or must be) a PDF but cannot be read as one. */
export class PdfParseError extends ValidationError {
  constructor(message: string, options: AppErrorOptions = {}) {
    super(message, options)
    Object.defineProperty(this, 'code', { value: 'pdf_unreadable' })
  }
}

/** An answer worth asking again later: a timeout, rate limiting or a server-side failure. */
export function isTransientStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500
}

/**
 * A guarded fetch's non-2xx answer as a ProviderError naming the host (pages and PDFs);
 * retryable when the status is transient, so a queued job tries again instead of failing.
 */
export function assertFetchOk(response: Pick<SafeResponse, 'url' | 'status'>): void {
  if (response.status >= 200 && response.status <= 299) return
  const message = `${new URL(response.url).host} answered HTTP ${response.status}`
  throw new ProviderError('fetch', message, {
    details: { status: response.status },
    retryable: isTransientStatus(response.status),
  })
}
