// An event-loop lag probe: a zero-delay timer chain that records the largest gap between its
// ticks. While a job runs, that gap is its longest stretch without a yield, i.e. how long a
// waiting request (/health, the page) would have stalled behind it.

/**
 * The longest stretch without a yield a sliced ingest job may show in tests. Measured under
 * load (two CPU burners beside a busy shared machine): up to 3.7 s across the stretch tests
 * (~0.1-0.3 s unloaded), so this is over 5x the loaded maximum; it only catches a job that
 * stops yielding altogether. The load-proof check is each test's share of the run, and the
 * unloaded figure belongs in a bench.
 */
export const MAX_STRETCH_MS = 20_000

export interface LagProbe {
  /** Stops the chain; returns the longest gap between ticks, in ms. */
  stop(): Promise<number>
}

export function startLagProbe(): LagProbe {
  let last = performance.now()
  let max = 0
  let running = true
  const tick = () => {
    const now = performance.now()
    max = Math.max(max, now - last)
    last = now
    if (running) setTimeout(tick, 0)
  }
  setTimeout(tick, 0)
  return {
    async stop() {
      // One more turn, so a stretch that ran up to the end of the job is counted too.
      await new Promise((resolve) => setTimeout(resolve, 0))
      running = false
      return Math.round(max)
    },
  }
}

/** Runs `work` under a probe; returns its result and the longest stretch, printed with `label`. */
export async function measureStretch<T>(
  label: string,
  work: () => Promise<T>,
): Promise<{ result: T; maxStretchMs: number; totalMs: number }> {
  const probe = startLagProbe()
  const started = performance.now()
  try {
    const result = await work()
    const maxStretchMs = await probe.stop()
    const totalMs = Math.round(performance.now() - started)
    console.log(`[stretch] ${label}: longest ${maxStretchMs} ms without a yield (${totalMs} ms)`)
    return { result, maxStretchMs, totalMs }
  } catch (error) {
    await probe.stop()
    throw error
  }
}
