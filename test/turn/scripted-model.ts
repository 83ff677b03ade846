// An in-process ChatModel for engine tests: answers each inference from a script and records
// the exact LanguageModelInput and tools it was given.
import type { ChatModel, ModelDelta, ModelRequest, ModelResponse } from '../../workers/llm'

export interface ScriptedStep {
  reasoning?: string
  /** Streamed as one delta per array item. */
  text?: string[]
  toolCalls?: { name: string; arguments: Record<string, unknown> | string; id?: string }[]
  /** After the text, stall forever; with ignoreSignal the stall does not end on abort either. */
  hang?: boolean
  ignoreSignal?: boolean
  fail?: Error
  /** Thrown after the text was streamed: a model failing mid-reply. */
  failAfterText?: Error
}

export interface ScriptedModel extends ChatModel {
  requests: ModelRequest[]
}

function stall(signal: AbortSignal | undefined, ignoreSignal: boolean): Promise<void> {
  return new Promise((resolve) => {
    if (!ignoreSignal) signal?.addEventListener('abort', () => resolve(), { once: true })
  })
}

async function* play(step: ScriptedStep, signal?: AbortSignal): AsyncGenerator<ModelDelta> {
  if (step.fail) throw step.fail
  if (step.reasoning) yield { type: 'reasoning', text: step.reasoning }
  for (const text of step.text ?? []) yield { type: 'text', text }
  if (step.failAfterText) throw step.failAfterText
  if (step.hang) {
    await stall(signal, step.ignoreSignal ?? false)
    return
  }
  for (const [index, call] of (step.toolCalls ?? []).entries()) {
    const args =
      typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments)
    yield {
      type: 'tool_call',
      index,
      id: call.id ?? `call_${index}`,
      name: call.name,
      argumentsDelta: args,
    }
  }
  yield { type: 'finish', reason: step.toolCalls?.length ? 'tool_calls' : 'stop' }
}

export function scriptedModel(steps: ScriptedStep[], contextTokens = 128_000): ScriptedModel {
  const requests: ModelRequest[] = []
  let next = 0
  return {
    model: 'scripted',
    contextTokens,
    requests,
    stream(request, signal) {
      requests.push(structuredClone(request))
      const step = steps[next++] ?? { text: ['(script exhausted)'] }
      return play(step, signal)
    },
    async complete(): Promise<ModelResponse> {
      throw new Error('the turn engine streams; complete() is not scripted')
    },
  }
}
