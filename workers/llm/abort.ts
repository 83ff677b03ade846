// How cancellation surfaces from the model layer: complete() rejects with a DOMException named
// 'AbortError'; stream() ends with a {type:'finish', reason:'aborted'} delta instead of throwing.
import { APIUserAbortError } from 'openai'

/** The error complete() rejects with once its signal fires. */
export function abortError(signal?: AbortSignal): Error {
  const reason: unknown = signal?.reason
  if (reason instanceof Error && reason.name === 'AbortError') return reason
  return new DOMException('The model call was aborted', 'AbortError')
}

/** True for any abort error: ours, fetch's, or the openai SDK's APIUserAbortError. */
export function isAbortError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  return error.name === 'AbortError' || error instanceof APIUserAbortError
}

export function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw abortError(signal)
}

/**
 * An internal controller that follows the caller's signal and can also be aborted by us
 * (timeouts, early return), so one abort tears down the underlying fetch.
 */
export class CallControl {
  private readonly controller = new AbortController()
  private readonly follow = () => this.controller.abort()
  private expired = false

  constructor(private readonly outer?: AbortSignal) {
    if (outer?.aborted) this.controller.abort()
    else outer?.addEventListener('abort', this.follow, { once: true })
  }

  get signal(): AbortSignal {
    return this.controller.signal
  }

  /** True when the caller (not a timeout of ours) asked to stop. */
  get isCallerAbort(): boolean {
    return this.outer?.aborted === true
  }

  /** True when expire() ended the call. */
  get timedOut(): boolean {
    return this.expired && !this.isCallerAbort
  }

  /** Ends the call because it took too long. */
  expire(): void {
    this.expired = true
    this.controller.abort()
  }

  /** Releases the caller's signal and stops any request still running. */
  dispose(): void {
    this.outer?.removeEventListener('abort', this.follow)
    this.controller.abort()
  }

  /** Stops following the caller's signal without aborting (the call outlives this phase). */
  release(): void {
    this.outer?.removeEventListener('abort', this.follow)
  }

  /** Runs `work` with a deadline: expire() fires after ms unless it settles first. */
  async within<T>(ms: number, work: () => Promise<T>): Promise<T> {
    const timer = setTimeout(() => this.expire(), ms)
    try {
      return await work()
    } finally {
      clearTimeout(timer)
    }
  }
}

/** What a race against a signal rejects with once the signal fires. */
export type AbortReasonOf = (signal: AbortSignal) => unknown

/**
 * Settles with `promise`, or rejects with `reasonOf(signal)` as soon as `signal` aborts (for
 * work that ignores signals: the promise is abandoned, not cancelled).
 */
export function untilAborted<T>(
  promise: Promise<T>,
  signal: AbortSignal,
  reasonOf: AbortReasonOf = abortError,
): Promise<T> {
  if (signal.aborted) return Promise.reject(reasonOf(signal))
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(reasonOf(signal))
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error)
      },
    )
  })
}

/** Iterates `source` until it ends or `signal` aborts, whichever comes first. */
export async function* untilAbortedIterable<T>(
  source: AsyncIterable<T>,
  signal: AbortSignal,
  reasonOf: AbortReasonOf = abortError,
): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]()
  try {
    while (true) {
      const next = await untilAborted(iterator.next(), signal, reasonOf)
      if (next.done) return
      yield next.value
    }
  } finally {
    // Not awaited: an upstream that ignores the signal must not hold its consumer open.
    void iterator.return?.()?.catch(() => undefined)
  }
}
