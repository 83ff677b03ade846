// What a run (a chat turn, an ask, later a debate) receives from SessionDO, which hosts it:
// the session's store, the stop signal and the packet emitter. Runners never see the DO.
import type { Deps } from '../deps'
import type { Packet } from '../stream'

export type MessageRole = 'system' | 'user' | 'assistant' | 'tool'

/** A stored history row (seed 003's "database" message). Capabilities keep rich fields in `data`. */
export interface StoredMessage {
  id: string
  /** Position in the history, 0-based, dense. */
  index: number
  role: MessageRole
  content: string
  data: Record<string, unknown>
  createdAt: number
}

export interface NewMessage {
  role: MessageRole
  content: string
  data?: Record<string, unknown>
}

/** The session's durable state, as runners and session operations see it (synchronous: DO SQLite). */
export interface SessionStore {
  readonly sessionId: string
  listMessages(): StoredMessage[]
  appendMessage(message: NewMessage): StoredMessage
  updateMessage(id: string, patch: Partial<Pick<StoredMessage, 'content' | 'data'>>): void
  getCheckpoint<T>(name: string): T | undefined
  putCheckpoint(name: string, value: unknown): void
  /** Raw SQL storage, for capability-owned tables (CREATE TABLE IF NOT EXISTS in their module). */
  readonly sql: SqlStorage
}

export interface RunContext<Input> {
  sessionId: string
  runId: string
  input: Input
  deps: Deps
  store: SessionStore
  /** Aborted by POST /api/sessions/:id/stop: model streams and fetches take it. */
  signal: AbortSignal
  /** Emits a packet to the live stream (and the progress log when it is a status). */
  emit(packet: Packet): void
  /**
   * Names the `done` result a stop ends the stream with, built at the moment of the stop from
   * what the runner has seen (synchronous: the stream closes before the runner unwinds). A
   * runner that names none gets STOP_GRACE_MS to return its own outcome.
   */
  onStopOutcome?(build: () => RunOutcome): void
}

/** The value a run resolves to; becomes the `done` packet's result. */
export type RunOutcome = Record<string, unknown>

export type Runner<Input> = (context: RunContext<Input>) => Promise<RunOutcome>
