// Deadlines for work that might not honour its AbortSignal (a third-party provider, a
// page fetch): the caller stops waiting when the signal fires, whatever the work does.
import { ProviderError } from '../errors'
import { untilAborted } from '../llm'

/** Settles with `work`, or rejects as soon as `signal` aborts (with a timeout named as such). */
export function raceSignal<T>(work: Promise<T>, signal: AbortSignal, what: string): Promise<T> {
  return untilAborted(work, signal, (aborted) => abortReason(aborted, what))
}

function abortReason(signal: AbortSignal, what: string): unknown {
  const reason: unknown = signal.reason
  if (reason instanceof Error && reason.name === 'TimeoutError') {
    return new ProviderError(what, `${what} timed out`, { cause: reason, retryable: true })
  }
  return reason ?? new DOMException('Aborted', 'AbortError')
}

/** A deadline that also ends when the run is stopped. */
export function withDeadline(signal: AbortSignal, ms: number): AbortSignal {
  return AbortSignal.any([signal, AbortSignal.timeout(ms)])
}
