// Hands the isolate back between slices of indexing work. Under `wrangler dev` one isolate
// serves every request and queue batch, so long synchronous stretches stall /health and the page.

/**
 * Resolves on a later turn of the event loop. A timer, not a resolved promise: promise
 * continuations run before any waiting request is let in, a zero-delay timer runs after
 * (checked in workerd: test/ingest/yield.test.ts). crypto.subtle.digest does not yield either.
 */
export function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}
