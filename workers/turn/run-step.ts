// One step of a turn as hooks see it: the loop with the model (or the offline answer), its
// failure or stop recorded in the state container, and its answer read back as a TurnAnswer.
// Later steps of the same run see this step's instruction and answer.
import { assistantMessage, userMessage } from '../context'
import { NotConfiguredError } from '../errors'
import { modelFailureReason, parseModelJson } from '../llm'
import { runLoop } from './loop'
import { runOfflineTurn } from './offline'
import type { PreparedTurn } from './process'
import { describeError } from './save'
import type { StepSpec, TurnAnswer } from './spec'

async function produce(
  turn: PreparedTurn,
  step: StepSpec,
): Promise<{ text: string; declined: boolean }> {
  if (turn.model && !step.withoutModel) return runLoop(turn, turn.model, step)
  if (step.offline) {
    // Its own cycle, as a model step has: since(mark) reads this step's text back, and a
    // second offline step appending to the first one's cycle would read back nothing.
    turn.state.beginCycle()
    return { text: (await step.offline(turn, step)).text, declined: false }
  }
  if (step.output?.kind === 'json') {
    throw new NotConfiguredError('This step needs a language model; none is configured')
  }
  await runOfflineTurn(turn, step.withoutModel?.reason)
  return { text: '', declined: false }
}

export async function runTurnStep(turn: PreparedTurn, step: StepSpec): Promise<TurnAnswer> {
  if (step.instruction) turn.priorSteps.push(userMessage(step.instruction))
  const mark = turn.state.mark()
  let raw = ''
  let declined = false
  let error: TurnAnswer['error']
  try {
    ;({ text: raw, declined } = await produce(turn, step))
  } catch (thrown) {
    if (turn.signal.aborted) turn.state.markStopped()
    else {
      error = { ...describeError(thrown), reason: modelFailureReason(thrown) }
      const shown = turn.state.since(mark).text.length > 0
      if (!step.recoverable?.(error, { shown })) {
        turn.state.setError(error.code, error.message)
        turn.emitter.emit({
          turn_index: turn.blocks.open(),
          type: 'error',
          code: error.code,
          message: error.message,
        })
      }
    }
  }
  const added = turn.state.since(mark)
  const isJson = step.output?.kind === 'json'
  const text = isJson ? raw : added.text
  const value =
    step.output?.kind === 'json'
      ? (parseModelJson(raw, { schema: step.output.schema }).value ?? null)
      : undefined
  if (text) turn.priorSteps.push(assistantMessage(text))
  const usage = turn.state.usageSince(mark)
  return {
    text,
    ...(isJson ? { value } : {}),
    citations: added.citations,
    stopped: turn.state.stopped,
    ...(declined ? { declined } : {}),
    ...(error ? { error } : {}),
    ...(usage ? { usage } : {}),
  }
}
