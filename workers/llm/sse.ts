// Server-sent events from a response body (eventsource-parser), for both adapters. We read the
// body ourselves rather than through the openai SDK so that stopping never cancels a body while
// a read is in flight: workerd then reports a false unhandled rejection (cloudflare/workerd#501).
import { createParser } from 'eventsource-parser'

const STOPPED = Symbol('stopped')

/** Resolves with the read, or with STOPPED as soon as the signal aborts. */
function readUnlessAborted<T>(read: Promise<T>, signal: AbortSignal): Promise<T | typeof STOPPED> {
  if (signal.aborted) return Promise.resolve(STOPPED)
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(STOPPED)
    signal.addEventListener('abort', onAbort, { once: true })
    read.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

/** The `data` of each event in order; ends at once when `signal` aborts. */
export async function* sseData(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal,
): AsyncGenerator<string> {
  const pending: string[] = []
  const parser = createParser({ onEvent: (event) => pending.push(event.data) })
  const reader = body.getReader()
  const cancel = () => {
    reader.cancel().catch(() => undefined)
  }
  const decoder = new TextDecoder()
  let inFlight: Promise<unknown> | undefined
  try {
    for (;;) {
      const read = reader.read()
      const result = await readUnlessAborted(read, signal)
      if (result === STOPPED) {
        inFlight = read
        return
      }
      if (result.done) return
      parser.feed(decoder.decode(result.value, { stream: true }))
      yield* pending.splice(0)
    }
  } finally {
    // Cancel only once no read is in flight; a hung server's read may simply never settle.
    if (inFlight) inFlight.then(cancel, cancel)
    else cancel()
  }
}
