// A step of a turn that fell back tells the client as it happens: a status packet marked as an
// error phase, so every page shows it as a warning beside the answer that follows.
import type { PreparedTurn } from './process'

export function announceFallback(turn: PreparedTurn, message: string, step?: string): void {
  turn.emitter.emit({
    turn_index: turn.blocks.open(),
    type: 'status',
    ...(step ? { step } : {}),
    phase: 'error',
    message,
    at: new Date(turn.deps.now()).toISOString(),
  })
}
