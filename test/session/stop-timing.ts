// Times a stop through the route: reads a run's SSE response, sends the stop after the Nth
// answer token (without pausing the read), and measures from sending it to its answer and to
// the stream's end. Shared by the stop tests of every run kind.
import { createParser } from 'eventsource-parser'
import type { Packet } from '../../workers/stream'

export interface StopTiming {
  /** From sending the stop to its answer (ms). */
  answeredMs: number
  /** From sending the stop to the end of the run's stream (ms). */
  closedMs: number
  stop: Response
  packets: Packet[]
}

/**
 * Generous for workerd under a shared machine's load: the route's own figure (20 ms p95) is
 * measured by `npm run bench -- --only stop-route`. A stop that waited for the next model
 * chunk (a word every 400 ms) fails it. Measured here on a loaded machine: 2-57 ms before
 * the stop was answered ahead of the unwinding (the answer waited for the close), 2-4 ms to
 * the answer and 3-37 ms to the close after.
 */
export const STOP_ROUTE_BOUND_MS = 150

/** The scripted model's pace: a word every 400 ms, as in the report. */
export const WORD_MS = 400

/** Forty words and a marker citing the first source. */
export const SLOW_WORDS = `${Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ')} [1]`

export async function stopAfterTokens(
  res: Response,
  sendStop: () => Promise<Response>,
  tokens = 3,
): Promise<StopTiming> {
  if (!res.body) throw new Error('the run answered without a body')
  const packets: Packet[] = []
  let sentAt = NaN
  let stopping: Promise<{ stop: Response; at: number }> | undefined
  const parser = createParser({
    onEvent: (event) => {
      const packet = JSON.parse(event.data) as Packet
      packets.push(packet)
      const seen = packets.filter((p) => p.type === 'token').length
      if (stopping || packet.type !== 'token' || seen < tokens) return
      sentAt = performance.now()
      stopping = sendStop().then((stop) => ({ stop, at: performance.now() }))
    },
  })
  const text = new TextDecoder()
  const reader = res.body.getReader()
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    parser.feed(text.decode(next.value, { stream: true }))
  }
  const closedAt = performance.now()
  if (!stopping) throw new Error(`the run ended after ${packets.length} packets, before a stop`)
  const { stop, at } = await stopping
  return { answeredMs: at - sentAt, closedMs: closedAt - sentAt, stop, packets }
}
