// The loop of a turn: build the cycle's context, run one step, run the tool calls it asked for
// (in parallel), feed the results back, and repeat until the model answers or the cycle limit
// is reached. The last cycle offers no tools, so the model has to answer.
import type { ChatMessageSimple } from '../context'
import { assistantMessage } from '../context'
import { abortError, type ChatModel } from '../llm'
import { buildCycleInput } from './cycle-input'
import type { PreparedTurn } from './process'
import { runStep } from './step'
import { runToolCalls } from './tool-calls'

export async function runLoop(turn: PreparedTurn, model: ChatModel): Promise<void> {
  const maxCycles = turn.deps.config.llm.maxCycles
  const exchanges: ChatMessageSimple[] = []
  let searchRan = false
  for (let cycle = 0; cycle < maxCycles; cycle += 1) {
    const tools = cycle < maxCycles - 1 ? turn.tools : []
    const messages = buildCycleInput(turn, { exchanges, tools, searchRan })
    const step = await runStep({
      model,
      messages,
      tools: tools.map((tool) => tool.spec),
      signal: turn.signal,
      emitter: turn.emitter,
      blocks: turn.blocks,
      state: turn.state,
      citations: turn.citations,
    })
    if (turn.signal.aborted) throw abortError(turn.signal)
    if (step.toolCalls.length === 0) return
    exchanges.push(assistantMessage(step.text, step.toolCalls))
    const context = {
      deps: turn.deps,
      sessionId: turn.sessionId,
      signal: turn.signal,
      numbering: turn.numbering,
    }
    const env = { tools, context, emitter: turn.emitter, blocks: turn.blocks, state: turn.state }
    const outcomes = await runToolCalls(step.toolCalls, env)
    for (const outcome of outcomes) exchanges.push(outcome.message)
    searchRan ||= outcomes.some((outcome) => outcome.output && outcome.tool?.returnsDocuments)
  }
}
