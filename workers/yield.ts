// Hands the isolate back between slices of long work (indexing, chunking, PDF pages, HTML).
// Under `wrangler dev` one isolate serves every request and queue batch, so long synchronous
// stretches stall /health and the page. A leaf module like errors.ts: sources/ and retrieval/
// both use it, and retrieval already imports sources.

/**
 * Resolves on a later turn of the event loop. A timer, not a resolved promise: promise
 * continuations run before any waiting request is let in, a zero-delay timer runs after
 * (checked in workerd: test/ingest/yield.test.ts). crypto.subtle.digest does not yield either.
 */
export function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/** Call once per unit of work; every `stepsPerSlice`-th call yields (see yieldToRequests). */
export type Pace = () => Promise<void>

/**
 * A step counter shared across calls, so many small pieces (sections of a long Markdown text,
 * pages of a PDF) add up to slices as one big piece would.
 */
export function createPace(stepsPerSlice: number): Pace {
  let steps = 0
  return async () => {
    if (++steps % stepsPerSlice === 0) await yieldToRequests()
  }
}
