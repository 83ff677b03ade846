// The ChatModel contract: every adapter must pass these, driven through a scenario the
// adapter's test scripts (the fake OpenAI server, or a spy on env.AI.run). Skips need reasons.
import { describe, expect, it } from 'vitest'
import { AppError } from '../../workers/errors'
import { collectResponse, isAbortError, type ChatModel, type ModelDelta } from '../../workers/llm'

export type ContractScenario =
  | { kind: 'text'; text: string }
  | { kind: 'tool'; name: string; arguments: Record<string, unknown> }
  | { kind: 'json'; value: Record<string, unknown> }
  /** The provider fails (a 5xx or its equivalent). */
  | { kind: 'failure' }
  /** The provider streams `text`, then goes silent without finishing. */
  | { kind: 'stall'; text: string }

export interface ContractSubject {
  model: ChatModel
  /** The user message that reaches this scenario (the fake needs its marker inside). */
  userMessage(text: string): string
}

export type ContractCase =
  | 'metadata'
  | 'complete-text'
  | 'stream-text'
  | 'complete-tool'
  | 'stream-tool'
  | 'json'
  | 'failure'
  | 'pre-aborted'
  | 'abort-mid-stream'

type Make = (scenario: ContractScenario) => Promise<ContractSubject>

async function drain(stream: AsyncIterable<ModelDelta>): Promise<ModelDelta[]> {
  const out: ModelDelta[] = []
  for await (const delta of stream) out.push(delta)
  return out
}

const tools = [
  { name: 'search_papers', description: 'Search arXiv', parameters: { type: 'object' } },
]

function cases(make: Make): Record<ContractCase, [string, () => Promise<void>]> {
  const ask = async (scenario: ContractScenario) => {
    const subject = await make(scenario)
    return {
      model: subject.model,
      messages: [{ role: 'user' as const, content: subject.userMessage('question') }],
    }
  }
  const toolScenario = {
    kind: 'tool',
    name: 'search_papers',
    arguments: { query: 'protein folding', limit: 3 },
  } as const
  return {
    metadata: [
      'names its model and context size',
      async () => {
        const { model } = await ask({ kind: 'text', text: 'x' })
        expect(model.model).toMatch(/\S/)
        expect(model.contextTokens).toBeGreaterThan(0)
      },
    ],
    'complete-text': [
      'complete() returns the whole text with finish reason stop',
      async () => {
        const { model, messages } = await ask({ kind: 'text', text: 'Proteins fold into shapes.' })
        expect(await model.complete({ messages })).toMatchObject({
          text: 'Proteins fold into shapes.',
          finishReason: 'stop',
          toolCalls: [],
        })
      },
    ],
    'stream-text': [
      'stream() yields text deltas that join to the text, then exactly one finish',
      async () => {
        const { model, messages } = await ask({ kind: 'text', text: 'Proteins fold into shapes.' })
        const deltas = await drain(model.stream({ messages }))
        expect(
          deltas
            .filter((d) => d.type === 'text')
            .map((d) => d.text)
            .join(''),
        ).toBe('Proteins fold into shapes.')
        expect(deltas.filter((d) => d.type === 'finish')).toEqual([deltas.at(-1)])
        expect(deltas.at(-1)).toMatchObject({ type: 'finish', reason: 'stop' })
      },
    ],
    'complete-tool': [
      'complete() returns the tool call with JSON arguments',
      async () => {
        const { model, messages } = await ask(toolScenario)
        const response = await model.complete({ messages, tools })
        expect(response.finishReason).toBe('tool_calls')
        expect(response.toolCalls.map((c) => [c.name, JSON.parse(c.arguments)])).toEqual([
          ['search_papers', toolScenario.arguments],
        ])
        expect(response.toolCalls[0]?.id).toMatch(/\S/)
      },
    ],
    'stream-tool': [
      'stream() tool-call fragments assemble into the same call',
      async () => {
        const { model, messages } = await ask(toolScenario)
        const response = await collectResponse(model.stream({ messages, tools }))
        expect(response.finishReason).toBe('tool_calls')
        expect(response.toolCalls.map((c) => [c.name, JSON.parse(c.arguments)])).toEqual([
          ['search_papers', toolScenario.arguments],
        ])
      },
    ],
    json: [
      'complete() with jsonSchema returns parseable JSON text',
      async () => {
        const { model, messages } = await ask({
          kind: 'json',
          value: { verdict: 'supported', confidence: 0.8 },
        })
        const schema = {
          type: 'object',
          properties: { verdict: { type: 'string' }, confidence: { type: 'number' } },
        }
        const response = await model.complete({ messages, jsonSchema: { name: 'verdict', schema } })
        expect(JSON.parse(response.text)).toEqual({ verdict: 'supported', confidence: 0.8 })
      },
    ],
    failure: [
      'a provider failure rejects with an AppError from complete() and stream()',
      async () => {
        const first = await ask({ kind: 'failure' })
        await expect(first.model.complete({ messages: first.messages })).rejects.toBeInstanceOf(
          AppError,
        )
        const second = await ask({ kind: 'failure' })
        await expect(
          drain(second.model.stream({ messages: second.messages })),
        ).rejects.toBeInstanceOf(AppError)
      },
    ],
    'pre-aborted': [
      'an already-aborted signal: complete() rejects with AbortError, stream() only finishes aborted',
      async () => {
        const { model, messages } = await ask({ kind: 'text', text: 'unused' })
        const error = await model
          .complete({ messages }, AbortSignal.abort())
          .catch((e: unknown) => e)
        expect(isAbortError(error)).toBe(true)
        expect(await drain(model.stream({ messages }, AbortSignal.abort()))).toEqual([
          { type: 'finish', reason: 'aborted' },
        ])
      },
    ],
    'abort-mid-stream': [
      // The stream stalls for good, so any finite bound proves the abort. Measured under load
      // (two CPU burners, busy machine): max 1 ms, against both adapters.
      'aborting mid-stream ends the iteration promptly with finish aborted',
      async () => {
        const { model, messages } = await ask({ kind: 'stall', text: 'Partial' })
        const controller = new AbortController()
        const seen: ModelDelta[] = []
        let abortedAt = 0
        for await (const delta of model.stream({ messages }, controller.signal)) {
          seen.push(delta)
          if (delta.type === 'text' && !abortedAt) {
            abortedAt = Date.now()
            controller.abort()
          }
        }
        expect(Date.now() - abortedAt).toBeLessThan(1_000)
        expect(seen.at(-1)).toEqual({ type: 'finish', reason: 'aborted' })
      },
    ],
  }
}

/** Registers the suite; `skips` maps a case to the reason it cannot run for this adapter. */
export function describeChatModelContract(
  name: string,
  make: Make,
  skips: Partial<Record<ContractCase, string>> = {},
): void {
  describe(`ChatModel contract: ${name}`, () => {
    for (const [key, [title, run]] of Object.entries(cases(make))) {
      const reason = skips[key as ContractCase]
      if (reason) it.skip(`${title} (skipped: ${reason})`, run)
      else it(title, run)
    }
  })
}
