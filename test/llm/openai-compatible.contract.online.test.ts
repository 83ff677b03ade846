import { describeChatModelContract, type ContractScenario } from '../contracts/chat-model'
import { makeTestModel, scriptFake, type FakeStep } from '../fakes/fake-llm'

function toStep(scenario: ContractScenario): FakeStep {
  switch (scenario.kind) {
    case 'text':
      return { reply: scenario.text, chunks: 3 }
    case 'tool':
      return { toolCalls: [{ name: scenario.name, arguments: scenario.arguments }] }
    case 'json':
      return { json: scenario.value }
    case 'failure':
      return { status: 500 }
    case 'stall':
      return { reply: scenario.text, chunks: 1, hang: true }
  }
}

// No skips: the fake server can play every scenario.
describeChatModelContract('openai-compatible', async (scenario) => {
  const fake = await scriptFake([toStep(scenario)])
  return {
    model: makeTestModel({ timeoutMs: 5_000 }),
    userMessage: (text) => `${fake.marker} ${text}`,
  }
})
