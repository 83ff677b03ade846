// The two ways `ask` runs: statelessly through the answer engine (like /v1), or as the 'ask'
// run of a session (like /api/ask), so POST /api/sessions/:id/stop and a cancel both stop it.
import { answerQuestion, toAnswerDeps, type AnswerPayload, type AskRunInput } from '../answer'
import { AppError } from '../errors'
import { appErrorFromCode, startFailure } from '../http'
import type { SessionStub } from '../session'
import { ndjsonToPackets, type Packet, type PacketBody } from '../stream'
import type { McpContext } from './context'

export type StatusListener = (packet: Extract<PacketBody, { type: 'status' }>) => void

export interface AskOutcome {
  /** Partial when stopped: a stopped run has no sources or verdict. */
  payload: Partial<AnswerPayload>
  stopped: boolean
}

export async function askDirect(
  context: McpContext,
  input: AskRunInput,
  onStatus: StatusListener,
  signal: AbortSignal,
): Promise<AskOutcome> {
  const { deps } = context
  const emit = (body: PacketBody) => {
    if (body.type === 'status') onStatus(body)
  }
  const request = {
    sessionId: `mcp-${crypto.randomUUID()}`,
    query: input.query,
    options: input.options,
    history: [],
  }
  try {
    const payload = await answerQuestion(request, toAnswerDeps(deps, emit), deps.db, signal)
    return { payload, stopped: false }
  } catch (error) {
    if (!signal.aborted) throw error
    // Cancelled: the caller (if it still listens) learns it stopped, not that it failed.
    return { payload: { question: input.query, answer: '' }, stopped: true }
  }
}

/** Reads the run to its end (breaking off early would cancel the RPC stream mid-pipe). */
export async function askInSession(
  stub: SessionStub,
  input: AskRunInput,
  onStatus: StatusListener,
  signal: AbortSignal,
): Promise<AskOutcome> {
  const start = await stub.startRun('ask', input)
  if (!start.ok) throw startFailure(start)
  const stop = () => void stub.stop().catch(() => undefined)
  signal.addEventListener('abort', stop, { once: true })
  let failure: AppError | undefined
  let done: Extract<Packet, { type: 'done' }> | undefined
  try {
    for await (const packet of start.stream.pipeThrough(ndjsonToPackets())) {
      if (packet.type === 'status') onStatus(packet)
      if (packet.type === 'error') failure ??= appErrorFromCode(packet.code, packet.message)
      if (packet.type === 'done') done = packet
    }
  } finally {
    signal.removeEventListener('abort', stop)
  }
  if (failure) throw failure
  if (!done) throw new AppError(502, 'run_incomplete', 'The run ended without a result')
  const payload = done.result as AnswerPayload
  return {
    payload,
    stopped: done.stopped === true || (payload as { stopped?: boolean }).stopped === true,
  }
}
