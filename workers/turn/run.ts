// The turn as a run hosted by SessionDO: process -> loop (or the offline path) -> save. A stop
// aborts the run's signal; every wait in the turn races it, so the turn ends at once and the
// partial answer is saved, marked stopped. Failures are saved too and reported as a packet.
import type { RunContext, Runner, RunOutcome } from '../session'
import { runLoop } from './loop'
import { runOfflineTurn } from './offline'
import { processMessage, type PreparedTurn, type TurnOptions } from './process'
import { describeError, saveAnswer, turnOutcome } from './save'

async function executeTurn(turn: PreparedTurn): Promise<void> {
  try {
    if (turn.model) await runLoop(turn, turn.model)
    else await runOfflineTurn(turn)
  } catch (error) {
    if (turn.signal.aborted) {
      turn.state.markStopped()
      return
    }
    const { code, message } = describeError(error)
    turn.state.setError(code, message)
    turn.emitter.emit({ turn_index: turn.blocks.open(), type: 'error', code, message })
  }
}

/** A runner for SessionDO; capabilities pass their own tools or base prompt. */
export function createTurnRunner(options: TurnOptions = {}): Runner<unknown> {
  return async (ctx: RunContext<unknown>): Promise<RunOutcome> => {
    let turn: PreparedTurn
    try {
      turn = await processMessage(ctx, options)
    } catch (error) {
      // Stopped before the message was stored: there is nothing to save.
      if (ctx.signal.aborted) return { message: null, stopped: true }
      throw error
    }
    await executeTurn(turn)
    const saved = saveAnswer(turn)
    turn.emitter.close()
    return turnOutcome(turn, saved)
  }
}

/** The default chat turn, registered as run kind 'turn'. */
export const runTurn: Runner<unknown> = createTurnRunner()
