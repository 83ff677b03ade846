// Hosts one run: builds its RunContext, relays its packets to the NDJSON stream (and status
// packets to the progress log), and guarantees a closing `done` even on stop or failure.
import type { Deps } from '../deps'
import type { Packet } from '../stream'
import { afterAbort, closingPackets, settle, type RunSoFar } from './run-settlement'
import type { RunContext, RunOutcome, Runner, SessionStore } from './run-types'
import { PacketSink } from './packet-sink'
import type { StatusPacket } from './rpc-schemas'
import type { RunStatus } from './session-tables'

/** After a stop, a runner that never returns stops holding the run lock after this long. */
export const STOP_RELEASE_MS = 5_000

export interface HostRunOptions {
  runId: string
  runner: Runner<unknown>
  input: unknown
  deps: Deps
  store: SessionStore
  onStatus: (packet: StatusPacket) => void
  /** Answer text as it streams (written for crash recovery). */
  onText?: (text: string) => void
  /** A `replace` packet withdrew text: only the first `keep` characters still stand. */
  onWithdraw?: (keep: number) => void
  onFinished: (status: RunStatus) => void
}

export interface HostedRun {
  stream: ReadableStream<Uint8Array>
  controller: AbortController
  /**
   * Stops the run: a runner that named its stopped outcome (RunContext.onStopOutcome) has its
   * stream closed now, and the signal aborts on a later turn, so the caller's answer and that
   * close leave before the runner's unwinding writes (a Durable Object holds outgoing messages
   * until the writes before them are stored).
   */
  stop(): void
  /** The done packet has been sent and the stream closed. */
  finished: Promise<void>
  /** The run no longer holds the session's run lock. */
  released: Promise<void>
}

function logRunError(runId: string, error: unknown): void {
  const detail =
    error instanceof Error
      ? { error: error.name, message: error.message, stack: error.stack }
      : { error: String(error) }
  console.error(JSON.stringify({ level: 'error', msg: 'run failed', run_id: runId, ...detail }))
}

/** Calls the runner now and hands back its promise with handlers attachable in the same tick
 * (adopting it inside a .then would leave a synchronous throw briefly unhandled). */
function startRunner(runner: Runner<unknown>, context: RunContext<unknown>): Promise<RunOutcome> {
  try {
    return runner(context)
  } catch (error) {
    return Promise.reject(error)
  }
}

export function hostRun(options: HostRunOptions): HostedRun {
  const sink = new PacketSink()
  const controller = new AbortController()
  const soFar: RunSoFar = { turnIndex: 0, text: '' }
  /** Where the current block's text starts in soFar.text (a `replace` withdraws after it). */
  let blockStart = 0
  let isOpen = true
  const emit = (packet: Packet) => {
    if (!isOpen) return // a runner still unwinding after the stop: its stream is over
    if (packet.turn_index !== soFar.turnIndex) blockStart = soFar.text.length
    soFar.turnIndex = packet.turn_index
    if (packet.type === 'token') {
      soFar.text += packet.text
      options.onText?.(packet.text)
    }
    if (packet.type === 'replace') {
      soFar.text = soFar.text.slice(0, blockStart)
      options.onWithdraw?.(blockStart)
    }
    if (packet.type === 'status') options.onStatus(packet)
    sink.write(packet)
  }
  /** The status the stream's closing packets told, when a stop closed it. */
  let closedAs: RunStatus | undefined
  const close = (closing: { packets: Packet[]; status: RunStatus }) => {
    for (const packet of closing.packets) emit(packet)
    isOpen = false
    sink.close()
  }
  let stopOutcome: (() => RunOutcome) | undefined
  const { store, deps, input, runId } = options
  const signal = controller.signal
  const running = startRunner(options.runner, {
    sessionId: store.sessionId,
    runId,
    input,
    deps,
    store,
    signal,
    emit,
    onStopOutcome: (build) => {
      stopOutcome = build
    },
  })
  const finished = settle(running, signal).then((settlement) => {
    if (settlement.kind === 'threw' && !signal.aborted) logRunError(runId, settlement.error)
    const closing = closingPackets(settlement, signal.aborted, soFar)
    if (isOpen) close(closing)
    options.onFinished(closedAs ?? closing.status)
  })
  let isStopping = false
  const stop = () => {
    if (isStopping || signal.aborted) return
    isStopping = true
    const outcome = stopOutcome && isOpen ? builtOutcome(stopOutcome) : undefined
    if (outcome) {
      const closing = closingPackets({ kind: 'returned', outcome }, true, soFar)
      closedAs = closing.status
      close(closing)
    }
    setTimeout(() => controller.abort(), 0)
  }
  const runnerDone = running.then(
    () => undefined,
    () => undefined,
  )
  const released = Promise.race([runnerDone, afterAbort(signal, STOP_RELEASE_MS)])
  return { stream: sink.readable, controller, stop, finished, released }
}

/** The runner's stopped outcome, or none if building it failed (the grace path then ends it). */
function builtOutcome(build: () => RunOutcome): RunOutcome | undefined {
  try {
    return build()
  } catch {
    return undefined
  }
}
