// The loop of a step: build the cycle's context, run one inference, run the tool calls it asked
// for (in parallel), feed the results back, and repeat until the model answers or the cycle
// limit is reached. The last cycle offers no tools, so the model has to answer.
import type { ChatMessageSimple } from '../context'
import { assistantMessage } from '../context'
import { abortError, type ChatModel } from '../llm'
import { buildCycleInput } from './cycle-input'
import type { PreparedTurn } from './process'
import type { StepSpec } from './spec'
import { runStep } from './step'
import { runToolCalls } from './tool-calls'
import { selectTools } from './tools/registry'

/**
 * Runs the step's cycles; returns the final reply's text (the raw JSON in JSON mode) and
 * whether it declined (StepSpec.declinesWith).
 */
export async function runLoop(
  turn: PreparedTurn,
  model: ChatModel,
  step: StepSpec = {},
): Promise<{ text: string; declined: boolean }> {
  const maxCycles = turn.deps.config.llm.maxCycles
  const offered = step.tools ? selectTools(turn.input.tools, step.tools) : turn.tools
  const jsonSchema = step.output?.kind === 'json' ? step.output.jsonSchema : undefined
  const exchanges: ChatMessageSimple[] = []
  let searchRan = false
  for (let cycle = 0; cycle < maxCycles; cycle += 1) {
    const tools = cycle < maxCycles - 1 ? offered : []
    const messages = buildCycleInput(turn, { exchanges, tools, searchRan, persona: step.persona })
    const result = await runStep({
      model,
      messages,
      tools: tools.map((tool) => tool.spec),
      signal: turn.signal,
      emitter: turn.emitter,
      blocks: turn.blocks,
      state: turn.state,
      citations: turn.citations,
      jsonSchema,
      maxTokens: step.maxTokens,
      declinesWith: step.declinesWith,
    })
    // The model's reply was complete: a stop that lands now cuts nothing (it is not "stopped").
    if (result.toolCalls.length === 0 && result.finishReason !== 'aborted') {
      return { text: result.text, declined: result.declined }
    }
    if (turn.signal.aborted) throw abortError(turn.signal)
    if (result.toolCalls.length === 0) return { text: result.text, declined: result.declined }
    exchanges.push(assistantMessage(result.text, result.toolCalls))
    const context = {
      deps: turn.deps,
      sessionId: turn.sessionId,
      signal: turn.signal,
      numbering: turn.numbering,
    }
    const env = { tools, context, emitter: turn.emitter, blocks: turn.blocks, state: turn.state }
    const outcomes = await runToolCalls(result.toolCalls, env)
    for (const outcome of outcomes) exchanges.push(outcome.message)
    searchRan ||= outcomes.some((outcome) => outcome.output && outcome.tool?.returnsDocuments)
  }
  return { text: '', declined: false }
}
