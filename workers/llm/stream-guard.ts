// Pulls the next item of an async iterator, but gives up at once when the call is aborted or
// no item arrives within the idle limit: a stalled provider must never hold a turn hostage.

export type GuardedNext<T> =
  { kind: 'item'; value: T } | { kind: 'done' } | { kind: 'aborted' } | { kind: 'idle-timeout' }

/** Waits for iterator.next(), the signal, or idleMs of silence, whichever comes first. */
export function guardedNext<T>(
  iterator: AsyncIterator<T>,
  signal: AbortSignal,
  idleMs: number,
): Promise<GuardedNext<T>> {
  if (signal.aborted) return Promise.resolve({ kind: 'aborted' })
  return new Promise<GuardedNext<T>>((resolve, reject) => {
    const onAbort = () => settle({ kind: 'aborted' })
    const timer = setTimeout(() => settle({ kind: 'idle-timeout' }), idleMs)
    let settled = false
    function settle(result: GuardedNext<T> | { error: unknown }) {
      if (settled) return
      settled = true
      clearTimeout(timer)
      signal.removeEventListener('abort', onAbort)
      if ('error' in result) reject(result.error)
      else resolve(result)
    }
    signal.addEventListener('abort', onAbort, { once: true })
    iterator.next().then(
      (r) => settle(r.done ? { kind: 'done' } : { kind: 'item', value: r.value }),
      (error: unknown) => settle({ error }),
    )
  })
}
