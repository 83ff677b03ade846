// Saving a turn: whatever the state container holds becomes the assistant row, whether the
// turn finished, failed or was stopped; and the run's outcome (the `done` packet's result).
import { isAppError } from '../errors'
import type { RunOutcome, StoredMessage } from '../session'
import type { PreparedTurn } from './process'

/** A stored row as the API shows it. */
export interface RichMessage {
  id: string
  index: number
  role: StoredMessage['role']
  content: string
  data: Record<string, unknown>
  created_at: number
}

export function toRichMessage(row: StoredMessage): RichMessage {
  return {
    id: row.id,
    index: row.index,
    role: row.role,
    content: row.content,
    data: row.data,
    created_at: row.createdAt,
  }
}

export function describeError(error: unknown): { code: string; message: string } {
  if (isAppError(error)) return { code: error.code, message: error.message }
  console.error('turn failed', error)
  return { code: 'internal', message: 'The turn failed unexpectedly' }
}

export function saveAnswer(turn: PreparedTurn): StoredMessage {
  const { state } = turn
  state.setDocuments(turn.numbering.sources())
  return turn.store.appendMessage({
    role: 'assistant',
    content: state.answerText(),
    data: state.toData(turn.runId),
  })
}

export function turnOutcome(turn: PreparedTurn, saved: StoredMessage): RunOutcome {
  return {
    message: toRichMessage(saved),
    ...turn.state.report(),
    stopped: turn.state.stopped,
    ...(turn.state.error ? { error: turn.state.error } : {}),
  }
}
