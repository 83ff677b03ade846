// One step: a single streamed inference. Deltas become packets the moment they arrive; the
// reasoning, the answer text and the tool calls are tracked as they build up token by token,
// and the finished tool calls go back to the loop.
import { createSentinelGate } from '../grounding'
import {
  untilAbortedIterable,
  type ChatModel,
  type FinishReason,
  type LanguageModelInput,
  type ToolCall,
  type ToolSpec,
} from '../llm'
import type { CitationTracker } from './citations'
import type { BlockCounter, Emitter } from './emitter'
import type { TurnState } from './state'

export interface StepInput {
  model: ChatModel
  messages: LanguageModelInput
  tools: ToolSpec[]
  signal: AbortSignal
  emitter: Emitter
  blocks: BlockCounter
  state: TurnState
  citations: CitationTracker
  /** JSON output: the response format to ask for; the reply streams no tokens. */
  jsonSchema?: { name: string; schema: Record<string, unknown> }
  maxTokens?: number
  /** The model's word for "nothing given addresses it": held back until ruled out, never shown. */
  declinesWith?: string
}

export interface StepResult {
  text: string
  toolCalls: ToolCall[]
  finishReason: FinishReason
  /** The reply opened with `declinesWith`: none of it was shown. */
  declined: boolean
}

interface PartialCall {
  id?: string
  name: string
  arguments: string
}

/** Block indexes of this step, opened on the first delta of each kind. */
interface StepBlocks {
  reasoning?: number
  answer?: number
}

function finishCalls(partials: Map<number, PartialCall>, runSeed: string): ToolCall[] {
  return [...partials.entries()]
    .sort(([a], [b]) => a - b)
    .filter(([, call]) => call.name)
    .map(([index, call]) => ({
      id: call.id ?? `call_${runSeed}_${index}`,
      name: call.name,
      arguments: call.arguments,
    }))
}

/** Emits answer text once the citation check has passed it (unresolved markers removed). */
function onText(text: string, input: StepInput, blocks: StepBlocks): void {
  const checked = text === '' ? input.citations.end() : input.citations.write(text)
  if (!checked.text && checked.sources.length === 0) return
  blocks.answer ??= input.blocks.open()
  if (checked.text) {
    input.emitter.emit({ turn_index: blocks.answer, type: 'token', text: checked.text })
    input.state.appendText(checked.text)
  }
  for (const source of checked.sources) {
    input.emitter.emit({
      turn_index: blocks.answer,
      type: 'citation',
      number: source.number,
      source,
    })
    input.state.addCitation(source)
  }
}

function onReasoning(text: string, input: StepInput, blocks: StepBlocks): void {
  blocks.reasoning ??= input.blocks.open()
  input.emitter.emit({ turn_index: blocks.reasoning, type: 'reasoning', text })
  input.state.appendReasoning(text)
}

export async function runStep(input: StepInput): Promise<StepResult> {
  input.state.beginCycle()
  const request = {
    messages: input.messages,
    tools: input.tools.length ? input.tools : undefined,
    ...(input.jsonSchema ? { jsonSchema: input.jsonSchema } : {}),
    ...(input.maxTokens !== undefined ? { maxTokens: input.maxTokens } : {}),
  }
  const stream = input.model.stream(request, input.signal)
  const blocks: StepBlocks = {}
  const partials = new Map<number, PartialCall>()
  let text = ''
  let finishReason: FinishReason = 'stop'
  // A JSON reply is data for the capability's hook, not text for the reader.
  const shown = input.jsonSchema
    ? null
    : input.declinesWith
      ? createSentinelGate(input.declinesWith)
      : undefined
  for await (const delta of untilAbortedIterable(stream, input.signal)) {
    if (delta.type === 'text') {
      text += delta.text
      if (shown !== null) {
        const released = shown ? shown.push(delta.text) : delta.text
        if (released) onText(released, input, blocks)
      }
    } else if (delta.type === 'reasoning') {
      onReasoning(delta.text, input, blocks)
    } else if (delta.type === 'tool_call') {
      const call = partials.get(delta.index) ?? { name: '', arguments: '' }
      if (delta.id) call.id = delta.id
      if (delta.name) call.name = delta.name
      call.arguments += delta.argumentsDelta
      partials.set(delta.index, call)
    } else {
      finishReason = delta.reason
      if (delta.usage) input.state.usage.push(delta.usage)
    }
  }
  const held = shown?.flush()
  if (held) onText(held, input, blocks)
  // Releases a held-back unfinished "[..." at the end of the text.
  onText('', input, blocks)
  const seed = String(input.state.cycles.length)
  const declined = shown?.matched ?? false
  return { text, toolCalls: finishCalls(partials, seed), finishReason, declined }
}
