import { afterEach, describe, expect, it, vi } from 'vitest'
import { ProviderError, QuotaExhaustedError } from '../../workers/errors'
import {
  collectResponse,
  isAbortError,
  WorkersAiChatModel,
  type ModelDelta,
} from '../../workers/llm'
import { spyOnAi, sseBody } from './workers-ai-helpers'

const MODEL = '@cf/meta/llama-3.3-70b-instruct-fp8-fast'
const user = (content: string) => [{ role: 'user' as const, content }]

function makeModel(impl: Parameters<typeof spyOnAi>[0], timeoutMs = 5_000) {
  const { ai, spy } = spyOnAi(impl)
  return {
    model: new WorkersAiChatModel({ ai, model: MODEL, contextTokens: 24_000, timeoutMs }),
    spy,
  }
}

async function drain(stream: AsyncIterable<ModelDelta>) {
  const out: ModelDelta[] = []
  for await (const d of stream) out.push(d)
  return out
}

afterEach(() => vi.restoreAllMocks())

describe('workers-ai stream()', () => {
  it('streams native `response` events as text deltas, then finish with usage', async () => {
    const events = [
      { response: 'Hel' },
      { response: 'lo' },
      { response: '', usage: { prompt_tokens: 3, completion_tokens: 2 } },
    ]
    const { model, spy } = makeModel(async () => sseBody(events))
    const deltas = await drain(model.stream({ messages: user('hi'), maxTokens: 50 }))
    expect(deltas).toEqual([
      { type: 'text', text: 'Hel' },
      { type: 'text', text: 'lo' },
      { type: 'finish', reason: 'stop', usage: { promptTokens: 3, completionTokens: 2 } },
    ])
    expect(spy).toHaveBeenCalledWith(
      MODEL,
      { messages: [{ role: 'user', content: 'hi' }], stream: true, max_tokens: 50 },
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    )
  })

  it('reads OpenAI-shaped chunks with reasoning and tool-call fragments', async () => {
    const events = [
      { choices: [{ delta: { reasoning_content: 'Plan.' } }] },
      {
        choices: [
          {
            delta: {
              tool_calls: [
                { index: 0, id: 'c1', function: { name: 'search', arguments: '{"q":' } },
              ],
            },
          },
        ],
      },
      { choices: [{ delta: { tool_calls: [{ index: 0, function: { arguments: '"mRNA"}' } }] } }] },
      { choices: [{ delta: {}, finish_reason: 'tool_calls' }] },
    ]
    const { model } = makeModel(async () => sseBody(events))
    const tools = [{ name: 'search', description: 'Search', parameters: { type: 'object' } }]
    const response = await collectResponse(model.stream({ messages: user('go'), tools }))
    expect(response).toMatchObject({
      reasoning: 'Plan.',
      finishReason: 'tool_calls',
      toolCalls: [{ id: 'c1', name: 'search', arguments: '{"q":"mRNA"}' }],
    })
  })

  it('reads native whole tool calls and marks the finish as tool_calls', async () => {
    const events = [
      { response: '', tool_calls: [{ name: 'load_papers', arguments: { indices: [2] } }] },
    ]
    const { model } = makeModel(async () => sseBody(events))
    const response = await collectResponse(model.stream({ messages: user('load') }))
    expect(response.toolCalls).toEqual([
      { id: 'call_0', name: 'load_papers', arguments: '{"indices":[2]}' },
    ])
    expect(response.finishReason).toBe('tool_calls')
  })

  // The stream is stalled for good, so any finite bound proves the abort ended it. Measured
  // under load (two CPU burners beside a busy machine): max 1 ms; the bound is far above 5x.
  it('ends promptly on an abort while the stream is stalled', async () => {
    const { model } = makeModel(async () => sseBody([{ response: 'partial' }], { stall: true }))
    const controller = new AbortController()
    const seen: ModelDelta[] = []
    let abortedAt = 0
    for await (const delta of model.stream({ messages: user('x') }, controller.signal)) {
      seen.push(delta)
      if (delta.type === 'text') {
        abortedAt = Date.now()
        controller.abort()
      }
    }
    expect(Date.now() - abortedAt).toBeLessThan(1_000)
    expect(seen).toEqual([
      { type: 'text', text: 'partial' },
      { type: 'finish', reason: 'aborted' },
    ])
  })

  it('fails with a retryable ProviderError when the stream stalls past the timeout', async () => {
    const { model } = makeModel(
      async () => sseBody([{ response: 'partial' }], { stall: true }),
      100,
    )
    await expect(drain(model.stream({ messages: user('x') }))).rejects.toMatchObject({
      provider: 'workers-ai',
      retryable: true,
    })
  })

  it('rejects a non-stream answer to a stream request', async () => {
    const { model } = makeModel(async () => ({ response: 'whole' }))
    await expect(drain(model.stream({ messages: user('x') }))).rejects.toBeInstanceOf(ProviderError)
  })
})

describe('workers-ai complete()', () => {
  it('returns a native whole answer', async () => {
    const { model } = makeModel(async () => ({
      response: 'Forty-two.',
      usage: { prompt_tokens: 5, completion_tokens: 3 },
    }))
    expect(await model.complete({ messages: user('q') })).toEqual({
      text: 'Forty-two.',
      reasoning: '',
      toolCalls: [],
      finishReason: 'stop',
      usage: { promptTokens: 5, completionTokens: 3 },
    })
  })

  it('sends JSON mode with the bare schema and returns the object as JSON text', async () => {
    const schema = { type: 'object', properties: { score: { type: 'number' } } }
    const { model, spy } = makeModel(async () => ({ response: { score: 7 } }))
    const response = await model.complete({
      messages: user('rate'),
      jsonSchema: { name: 'rating', schema },
    })
    expect(JSON.parse(response.text)).toEqual({ score: 7 })
    expect(spy.mock.calls[0]?.[1]).toMatchObject({
      stream: false,
      response_format: { type: 'json_schema', json_schema: schema },
    })
  })

  it('returns an OpenAI-shaped whole answer', async () => {
    const { model } = makeModel(async () => ({
      choices: [{ message: { content: 'Yes.' }, finish_reason: 'stop' }],
    }))
    expect((await model.complete({ messages: user('q') })).text).toBe('Yes.')
  })

  it('wraps binding errors in a ProviderError, retryable when capacity ran out', async () => {
    const { model } = makeModel(async () => {
      throw new Error('3040: Capacity temporarily exceeded, please try again.')
    })
    const error = await model.complete({ messages: user('q') }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderError)
    expect(error).toMatchObject({ provider: 'workers-ai', retryable: true })
  })

  it('reports a spent daily allocation as QuotaExhaustedError', async () => {
    const { model } = makeModel(async () => {
      throw new Error('4006: you have used up your daily free allocation of 10,000 neurons')
    })
    await expect(model.complete({ messages: user('q') })).rejects.toBeInstanceOf(
      QuotaExhaustedError,
    )
  })

  it('rejects an unexpected result shape', async () => {
    const { model } = makeModel(async () => 'not an object')
    await expect(model.complete({ messages: user('q') })).rejects.toBeInstanceOf(ProviderError)
  })

  it('times out a binding call that never settles', async () => {
    const { model } = makeModel(() => new Promise(() => undefined), 100)
    await expect(model.complete({ messages: user('q') })).rejects.toMatchObject({
      retryable: true,
      message: 'Workers AI timed out after 100 ms',
    })
  })

  it('rejects with an AbortError as soon as the caller aborts', async () => {
    const { model } = makeModel(() => new Promise(() => undefined))
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 20)
    const error = await model
      .complete({ messages: user('q') }, controller.signal)
      .catch((e: unknown) => e)
    expect(isAbortError(error)).toBe(true)
  })
})
