// The streamed side of POST /api/papers/load: after queueing, one `status` packet per paper
// state change (queued -> loading -> loaded | failed with the reason), then `done` with the
// records. After the timeout a status says loading goes on in the background; a client that
// goes away stops the polling, never the jobs.
import { isAppError } from '../errors'
import type { Packet } from '../stream'
import { describeProgress, watchPaperLoads, type WatchOptions } from './load-watch'
import type { PaperRecord } from './paper-store'
import type { QueuedLoad } from './queue-load'

/** How long a streamed load waits for its papers before handing over to GET /:session. */
export const LOAD_STREAM_TIMEOUT_MS = 5 * 60_000

export interface LoadStreamOptions extends Omit<WatchOptions, 'queued' | 'signal' | 'timeoutMs'> {
  queued: QueuedLoad
  sessionId: string
  /** The request's signal: a disconnect stops the polling. */
  signal: AbortSignal
  timeoutMs?: number
}

/** Every packet sits in block 0: one progress block, then its result. */
function status(message: string, now: number, paper?: PaperRecord): Packet {
  return {
    turn_index: 0,
    type: 'status',
    step: 'load',
    ...(paper?.status === 'failed' ? { phase: 'error' as const } : {}),
    message,
    at: new Date(now).toISOString(),
  }
}

function backgroundNote(papers: PaperRecord[], options: LoadStreamOptions): string {
  const busy = papers.filter((p) => p.status === 'queued' || p.status === 'loading').length
  const minutes = Math.round((options.timeoutMs ?? LOAD_STREAM_TIMEOUT_MS) / 60_000)
  return (
    `${busy} paper${busy === 1 ? ' is' : 's are'} still loading after ${minutes} min: loading ` +
    `continues in the background; GET /api/papers/${options.sessionId} shows when they settle.`
  )
}

async function* progressPackets(options: LoadStreamOptions, signal: AbortSignal) {
  let papers = options.queued.papers
  let settled = false
  try {
    const watch = watchPaperLoads({
      ...options,
      queued: papers,
      timeoutMs: options.timeoutMs ?? LOAD_STREAM_TIMEOUT_MS,
      signal,
    })
    for await (const event of watch) {
      if (event.kind === 'change') {
        yield status(describeProgress(event.paper), options.now(), event.paper)
      } else {
        ;({ papers, settled } = event)
      }
    }
    if (!settled) yield status(backgroundNote(papers, options), options.now())
  } catch (error) {
    if (signal.aborted) return
    const code = isAppError(error) ? error.code : 'internal'
    const reason = error instanceof Error ? error.message : 'reading the papers failed'
    const message = `Could not follow the loading (${reason}); it continues in the background.`
    yield { turn_index: 0, type: 'error', code, message } satisfies Packet
  }
  yield {
    turn_index: 0,
    type: 'done',
    result: { ...options.queued, papers, settled },
  } satisfies Packet
}

/** The progress as a packet stream; cancelling it (or the request signal) stops the polling. */
export function loadProgressStream(options: LoadStreamOptions): ReadableStream<Packet> {
  const stop = new AbortController()
  if (options.signal.aborted) stop.abort()
  else options.signal.addEventListener('abort', () => stop.abort(), { once: true })
  const packets = progressPackets(options, stop.signal)
  let isCancelled = false
  return new ReadableStream<Packet>({
    async pull(controller) {
      const next = await packets.next()
      // A pull pending when the client left ends here: the stream is already gone.
      if (isCancelled) return
      if (next.done) controller.close()
      else controller.enqueue(next.value)
    },
    cancel() {
      isCancelled = true
      stop.abort()
    },
  })
}
