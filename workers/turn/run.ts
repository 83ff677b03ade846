// The turn as a run hosted by SessionDO: process -> step(s) -> the answer hook. A stop aborts
// the run's signal; every wait in the turn races it, so the turn ends at once and the partial
// answer is saved, marked stopped. Failures are saved too and reported as a packet.
import type { RunContext, Runner, RunOutcome } from '../session'
import { processMessage, type PreparedTurn } from './process'
import { runTurnStep } from './run-step'
import { saveAnswer, turnOutcome } from './save'
import type { TurnAnswer, TurnSpec } from './spec'

/** The default hook: the answer becomes the chat's assistant message. */
function saveAsChatAnswer(_answer: TurnAnswer, turn: PreparedTurn): RunOutcome {
  return turnOutcome(turn, saveAnswer(turn))
}

async function runSpec(turn: PreparedTurn, spec: TurnSpec): Promise<RunOutcome> {
  const runStep = (step: Parameters<typeof runTurnStep>[1]) => runTurnStep(turn, step)
  if (spec.orchestrate) return spec.orchestrate(turn, runStep)
  const answer = await runStep(spec)
  return (spec.onAnswer ?? saveAsChatAnswer)(answer, turn)
}

/** A runner for SessionDO; capabilities pass their turn specification. */
export function createTurnRunner(spec: TurnSpec = {}): Runner<unknown> {
  return async (ctx: RunContext<unknown>): Promise<RunOutcome> => {
    let turn: PreparedTurn
    try {
      turn = await processMessage(ctx, spec)
    } catch (error) {
      // Stopped before the message was stored: there is nothing to save.
      if (ctx.signal.aborted) return { message: null, stopped: true }
      throw error
    }
    try {
      return await runSpec(turn, spec)
    } finally {
      turn.emitter.close()
    }
  }
}

/** The default chat turn, registered as run kind 'turn'. */
export const runTurn: Runner<unknown> = createTurnRunner()
