// Tool calls that can be cancelled, by caller and JSON-RPC id. The server is stateless (one
// transport per POST), so a client's notifications/cancelled arrives in another request and
// finds the call here; it reaches calls running in the same isolate.
const inFlight = new Map<string, AbortController>()

const keyOf = (callerKey: string, requestId: string | number) => `${callerKey}|${requestId}`

export interface TrackedCall {
  signal: AbortSignal
  release(): void
}

/** A signal that aborts on the client's cancel, the SDK's own signal or the request's. */
export function trackCall(
  callerKey: string,
  requestId: string | number,
  signals: AbortSignal[],
): TrackedCall {
  const key = keyOf(callerKey, requestId)
  const controller = new AbortController()
  inFlight.set(key, controller)
  const signal = AbortSignal.any([controller.signal, ...signals])
  return {
    signal,
    release: () => {
      if (inFlight.get(key) === controller) inFlight.delete(key)
    },
  }
}

/** True when a call was running and is now cancelled. */
export function cancelCall(
  callerKey: string,
  requestId: string | number,
  reason?: string,
): boolean {
  const controller = inFlight.get(keyOf(callerKey, requestId))
  if (!controller || controller.signal.aborted) return false
  controller.abort(new Error(reason ?? 'Cancelled by the client'))
  return true
}

/** Runs `work` with a tracked signal (client cancel, SDK signal, request signal), then forgets it. */
export async function withCancellation<T>(
  callerKey: string,
  extra: { requestId: string | number; signal: AbortSignal },
  requestSignal: AbortSignal,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const call = trackCall(callerKey, extra.requestId, [extra.signal, requestSignal])
  try {
    return await work(call.signal)
  } finally {
    call.release()
  }
}
