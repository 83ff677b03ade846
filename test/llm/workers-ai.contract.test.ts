import { afterEach, vi } from 'vitest'
import { WorkersAiChatModel } from '../../workers/llm'
import { describeChatModelContract, type ContractScenario } from '../contracts/chat-model'
import { spyOnAi, sseBody } from './workers-ai-helpers'

/** What the AI binding would return for the scenario, streamed or whole. */
function play(scenario: ContractScenario, stream: boolean): unknown {
  switch (scenario.kind) {
    case 'text':
      return stream
        ? sseBody(scenario.text.split(/(?<= )/).map((response) => ({ response })))
        : { response: scenario.text }
    case 'tool': {
      const tool_calls = [{ name: scenario.name, arguments: scenario.arguments }]
      return stream ? sseBody([{ response: '', tool_calls }]) : { response: '', tool_calls }
    }
    case 'json':
      return { response: scenario.value }
    case 'stall':
      return sseBody([{ response: scenario.text }], { stall: true })
    case 'failure':
      throw new Error('5000: Internal error while running the model')
  }
}

afterEach(() => vi.restoreAllMocks())

// No skips: env.AI.run is spied, so every scenario can be played.
describeChatModelContract('workers-ai (env.AI.run spied)', async (scenario) => {
  const { ai } = spyOnAi(async (_model, inputs) => play(scenario, inputs.stream === true))
  const model = new WorkersAiChatModel({
    ai,
    model: '@cf/meta/llama-3.3-70b-instruct-fp8-fast',
    contextTokens: 24_000,
    timeoutMs: 5_000,
  })
  return { model, userMessage: (text) => text }
})
