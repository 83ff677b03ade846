// Stopping without the lower levels' cooperation: whatever a tool or a model stream is doing,
// the turn stops waiting on it the moment the run's AbortSignal fires.

export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason
  if (reason instanceof Error) return reason
  return new DOMException('The turn was stopped', 'AbortError')
}

/** Settles with `promise`, or rejects at once when `signal` aborts (the promise is abandoned). */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortError(signal))
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal))
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
export async function* abortableIterable<T>(
  source: AsyncIterable<T>,
  signal: AbortSignal,
): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]()
  try {
    while (true) {
      const next = await abortable(iterator.next(), signal)
      if (next.done) return
      yield next.value
    }
  } finally {
    // Not awaited: an upstream that ignores the signal must not hold the turn open.
    void iterator.return?.()?.catch(() => undefined)
  }
}
