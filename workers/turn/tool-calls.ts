// Runs the tool calls of one step, in parallel when the model asked for several. Each call is
// its own rendered block: its tool_call and tool_result packets share one turn_index.
import { toolMessage, type ChatMessageSimple } from '../context'
import { isAppError, ValidationError } from '../errors'
import { untilAborted, type ToolCall } from '../llm'
import type { BlockCounter, Emitter } from './emitter'
import type { TurnState } from './state'
import type { ToolContext, ToolOutput, TurnTool } from './tools/types'

export interface ToolRunEnv {
  tools: TurnTool[]
  context: ToolContext
  emitter: Emitter
  blocks: BlockCounter
  state: TurnState
}

export interface ToolCallOutcome {
  call: ToolCall
  tool?: TurnTool
  output?: ToolOutput
  message: ChatMessageSimple
}

function parseArguments(call: ToolCall): unknown {
  try {
    return JSON.parse(call.arguments || '{}')
  } catch (cause) {
    throw new ValidationError(`The arguments of ${call.name} are not valid JSON`, { cause })
  }
}

function failureText(error: unknown): string {
  return isAppError(error) ? error.message : 'the tool failed unexpectedly'
}

async function runOne(call: ToolCall, block: number, env: ToolRunEnv): Promise<ToolCallOutcome> {
  const { emitter, state, context } = env
  const tool = env.tools.find((t) => t.spec.name === call.name)
  try {
    if (!tool) throw new ValidationError(`There is no tool named ${call.name}`)
    const output = await untilAborted(tool.run(parseArguments(call), context), context.signal)
    emitter.emit({
      turn_index: block,
      type: 'tool_result',
      id: call.id,
      name: call.name,
      summary: output.summary,
      sources: output.sources,
    })
    state.recordToolResult(call.id, { summary: output.summary, sources: output.sources })
    return { call, tool, output, message: toolMessage(call, output.content) }
  } catch (error) {
    if (context.signal.aborted) throw error
    const text = failureText(error)
    emitter.emit({
      turn_index: block,
      type: 'tool_result',
      id: call.id,
      name: call.name,
      summary: `Failed: ${text}`,
    })
    state.recordToolResult(call.id, { error: text })
    return { call, tool, message: toolMessage(call, `Error: ${text}`) }
  }
}

export async function runToolCalls(calls: ToolCall[], env: ToolRunEnv): Promise<ToolCallOutcome[]> {
  // Blocks are handed out before anything runs, so turn_index follows the model's call order.
  const started = calls.map((call) => {
    const block = env.blocks.open()
    env.emitter.emit({
      turn_index: block,
      type: 'tool_call',
      id: call.id,
      name: call.name,
      arguments: call.arguments,
    })
    env.emitter.emit({
      turn_index: block,
      type: 'status',
      message: `Running ${call.name}`,
      step: call.name,
      phase: 'start',
    })
    env.state.addToolCall({ id: call.id, name: call.name, arguments: call.arguments })
    return { call, block }
  })
  return Promise.all(started.map(({ call, block }) => runOne(call, block, env)))
}
