// How a run ended, and the closing packets that say so. A stop wins over a slow runner: once
// aborted, the runner gets STOP_GRACE_MS to hand back its own outcome, then the stream ends.
import { isAppError } from '../errors'
import type { Packet } from '../stream'
import type { RunOutcome } from './run-types'
import type { RunStatus } from './session-tables'

export const STOP_GRACE_MS = 30

export type Settlement =
  | { kind: 'returned'; outcome: RunOutcome }
  | { kind: 'threw'; error: unknown }
  | { kind: 'stop_timeout' }

/** Resolves `ms` after the signal aborts (never, if it does not). */
export function afterAbort(signal: AbortSignal, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const arm = () => {
      setTimeout(resolve, ms)
    }
    if (signal.aborted) arm()
    else signal.addEventListener('abort', arm, { once: true })
  })
}

export function settle(run: Promise<RunOutcome>, signal: AbortSignal): Promise<Settlement> {
  const settled = run.then(
    (outcome): Settlement => ({ kind: 'returned', outcome }),
    (error: unknown): Settlement => ({ kind: 'threw', error }),
  )
  const timedOut = afterAbort(signal, STOP_GRACE_MS).then((): Settlement => ({
    kind: 'stop_timeout',
  }))
  return Promise.race([settled, timedOut])
}

export interface RunSoFar {
  turnIndex: number
  /** Token text emitted so far: the partial answer when a stopped runner cannot say. */
  text: string
}

function describeError(error: unknown): { code: string; message: string } {
  if (isAppError(error)) return { code: error.code, message: error.message }
  return { code: 'internal', message: 'The run failed unexpectedly' }
}

/** The packets that end the stream, and the status recorded for the run. */
export function closingPackets(
  settlement: Settlement,
  aborted: boolean,
  soFar: RunSoFar,
): { packets: Packet[]; status: RunStatus } {
  const turn_index = soFar.turnIndex
  if (settlement.kind === 'returned') {
    // A runner that says `stopped: false` finished its text before the stop landed: a stop
    // that cut nothing does not label the answer stopped.
    const stopped = aborted && settlement.outcome.stopped !== false
    const result = stopped ? { ...settlement.outcome, stopped: true } : settlement.outcome
    return {
      packets: [{ type: 'done', result, turn_index, ...(stopped ? { stopped: true } : {}) }],
      status: stopped ? 'stopped' : 'done',
    }
  }
  if (aborted) {
    // Threw while unwinding from the stop, or too slow to return: the stop is the outcome.
    const result = { stopped: true, text: soFar.text }
    return { packets: [{ type: 'done', result, stopped: true, turn_index }], status: 'stopped' }
  }
  const error = settlement.kind === 'threw' ? describeError(settlement.error) : describeError(null)
  return {
    packets: [
      { type: 'error', ...error, turn_index },
      { type: 'done', result: { error }, turn_index },
    ],
    status: 'error',
  }
}
