// Spaces requests to one upstream: at most one every `intervalMs`, even when callers race
// (each caller reserves the next free slot before waiting). Used for arXiv's 3-second rule.
import { defaultSleep, type Sleeper } from './polite-http'

export interface RateGate {
  /** Resolves when the caller may send its request; rejects if `signal` aborts first. */
  wait(signal?: AbortSignal): Promise<void>
}

export interface RateGateOptions {
  intervalMs: number
  now?: () => number
  sleep?: Sleeper
}

export function createRateGate(options: RateGateOptions): RateGate {
  const now = options.now ?? Date.now
  const sleep = options.sleep ?? defaultSleep
  let nextFree = Number.NEGATIVE_INFINITY
  return {
    async wait(signal) {
      const current = now()
      const slot = Math.max(current, nextFree)
      nextFree = slot + options.intervalMs
      if (slot > current) await sleep(slot - current, signal)
    },
  }
}
