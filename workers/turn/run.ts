// The turn as a run hosted by SessionDO: process -> step(s) -> the answer hook. A stop aborts
// the run's signal; every wait in the turn races it, so the turn ends at once and the partial
// answer is saved, marked stopped. Failures are saved too and reported as a packet.
import type { RunContext, Runner, RunOutcome } from '../session'
import { announceFallback } from './announce'
import { processMessage, type PreparedTurn } from './process'
import { runTurnStep } from './run-step'
import { saveAnswer, turnOutcome } from './save'
import type { TurnAnswer, TurnSpec } from './spec'

/** The default hook: the answer becomes the chat's assistant message. */
function saveAsChatAnswer(_answer: TurnAnswer, turn: PreparedTurn): RunOutcome {
  return turnOutcome(turn, saveAnswer(turn))
}

/**
 * The chat answer: a model that fails before its first word (unreachable, timed out, out of
 * quota) leaves the turn to the extractive answer, labelled and listed as a fallback; one that
 * fails mid-answer is the turn's error, the partial answer saved with it.
 */
async function chatAnswer(turn: PreparedTurn, spec: TurnSpec): Promise<TurnAnswer> {
  const answer = await runTurnStep(turn, {
    ...spec,
    recoverable: (_error, { shown }) => !shown,
  })
  // Words already shown make the failure the turn's error (reported by the step, not recovered).
  if (!answer.error || answer.stopped || answer.text) return answer
  const reason = answer.error.reason
  turn.state.addFallback({ stage: 'model', reason })
  announceFallback(
    turn,
    `The model failed (${reason}): answering from the knowledge base without it.`,
    'answer',
  )
  return runTurnStep(turn, { ...spec, withoutModel: { reason } })
}

async function runSpec(turn: PreparedTurn, spec: TurnSpec): Promise<RunOutcome> {
  const runStep = (step: Parameters<typeof runTurnStep>[1]) => runTurnStep(turn, step)
  if (spec.orchestrate) return spec.orchestrate(turn, runStep)
  if (spec.onAnswer) return spec.onAnswer(await runStep(spec), turn)
  return saveAsChatAnswer(await chatAnswer(turn, spec), turn)
}

/** The `done` result of a chat turn stopped mid-way: what was streamed, marked stopped. */
function stoppedChatOutcome(turn: PreparedTurn): RunOutcome {
  turn.emitter.close()
  turn.state.freeze()
  return { text: turn.state.answerText(), ...turn.state.report(), stopped: true }
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
    // A chat turn's stop outcome is its state as streamed; hooks (a debate, paper chat) build
    // their own outcome as they unwind, within the host's grace.
    if (!spec.orchestrate && !spec.onAnswer) ctx.onStopOutcome?.(() => stoppedChatOutcome(turn))
    try {
      return await runSpec(turn, spec)
    } finally {
      turn.emitter.close()
    }
  }
}

/** The default chat turn, registered as run kind 'turn'. */
export const runTurn: Runner<unknown> = createTurnRunner()
