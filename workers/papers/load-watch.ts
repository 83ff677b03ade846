// Watches queued papers until each is loaded or failed: yields each status change as the
// session's paper store shows it (polled), then the records at the end. Bounded by a timeout;
// an aborted signal stops the polling, never the jobs. Shared by the streamed POST /load and
// the agent's load_selected_papers.
import type { PaperRecord } from './paper-store'

/** Modest: one session read per half second per watcher. */
export const WATCH_INTERVAL_MS = 500

export interface WatchOptions {
  /** The session's papers as they are now. */
  read: () => Promise<PaperRecord[]>
  /** The papers as queued: announced first, in this order. */
  queued: PaperRecord[]
  timeoutMs: number
  intervalMs?: number
  signal: AbortSignal
  now: () => number
}

export type WatchEvent =
  { kind: 'change'; paper: PaperRecord } | { kind: 'end'; papers: PaperRecord[]; settled: boolean }

export const isSettled = (paper: PaperRecord) =>
  paper.status === 'loaded' || paper.status === 'failed'

/**
 * "Title: loaded (12 pages)", "Title: failed: HTTP 404", "Title: loading (attempt 1 failed
 * (…); trying again in 10 s)": one paper's progress line.
 */
export function describeProgress(paper: PaperRecord): string {
  const detail =
    paper.status === 'failed'
      ? `: ${paper.error ?? 'unknown reason'}`
      : paper.status === 'loaded'
        ? ` (${paper.pages} pages)`
        : paper.error
          ? ` (${paper.error})`
          : ''
  return `${paper.title}: ${paper.status}${detail}`
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal.addEventListener('abort', onAbort, { once: true })
  })
}

/** The queued papers' current records (a paper the store lacks keeps its queued record). */
function pick(stored: PaperRecord[], queued: PaperRecord[]): PaperRecord[] {
  const byId = new Map(stored.map((p) => [p.id, p]))
  return queued.map((p) => byId.get(p.id) ?? p)
}

/** Throws the signal's reason when aborted; read failures propagate to the caller. */
export async function* watchPaperLoads(options: WatchOptions): AsyncGenerator<WatchEvent> {
  const seen = new Map<string, string>()
  const deadline = options.now() + options.timeoutMs
  let current = options.queued
  for (;;) {
    for (const paper of current) {
      // `stored` flips while loading; only the status (and a failure's reason) is progress.
      const key = `${paper.status}|${paper.error ?? ''}`
      if (seen.get(paper.id) === key) continue
      seen.set(paper.id, key)
      yield { kind: 'change', paper }
    }
    const settled = current.every(isSettled)
    const left = deadline - options.now()
    if (settled || left <= 0) {
      yield { kind: 'end', papers: current, settled }
      return
    }
    await pause(Math.min(options.intervalMs ?? WATCH_INTERVAL_MS, left), options.signal)
    current = pick(await options.read(), options.queued)
  }
}
