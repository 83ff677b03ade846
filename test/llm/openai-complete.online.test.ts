import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ProviderError } from '../../workers/errors'
import { completeJson, isAbortError, type LanguageModelInput } from '../../workers/llm'
import { makeTestModel, scriptFake } from '../fakes/fake-llm'

const user = (content: string): LanguageModelInput => [{ role: 'user', content }]

const answerSchema = z.object({ message: z.string(), sources: z.array(z.string()) })
const jsonSchema = {
  name: 'answer',
  schema: { type: 'object', properties: { message: { type: 'string' } } },
}

describe('openai-compatible complete()', () => {
  it('returns the text, finish reason and usage', async () => {
    const fake = await scriptFake([
      {
        reply: 'Vitamin D is synthesised in the skin.',
        usage: { prompt_tokens: 12, completion_tokens: 9 },
      },
    ])
    const response = await makeTestModel().complete({ messages: user(fake.marker) })
    expect(response).toEqual({
      text: 'Vitamin D is synthesised in the skin.',
      reasoning: '',
      toolCalls: [],
      finishReason: 'stop',
      usage: { promptTokens: 12, completionTokens: 9 },
    })
  })

  it('the fake answers a structured request with the step made for its schema, in any order', async () => {
    const fake = await scriptFake([
      { forSchema: 'answer', json: { message: 'planned', sources: [] } },
      { reply: 'plain prose' },
    ])
    const model = makeTestModel()
    const plain = await model.complete({ messages: user(fake.marker) })
    expect(plain.text).toBe('plain prose')
    const structured = await model.complete({ messages: user(fake.marker), jsonSchema })
    expect(JSON.parse(structured.text)).toEqual({ message: 'planned', sources: [] })
    await expect(model.complete({ messages: user(fake.marker) })).rejects.toThrow(/no steps left/)
  })

  it('sends temperature, max_tokens and the model name', async () => {
    const fake = await scriptFake([{ reply: 'ok' }])
    await makeTestModel({ model: 'fake-fast' }).complete({
      messages: user(fake.marker),
      temperature: 0.2,
      maxTokens: 64,
    })
    const [request] = await fake.requests()
    expect(request?.body).toMatchObject({ model: 'fake-fast', temperature: 0.2, max_tokens: 64 })
    expect(request?.body).not.toHaveProperty('stream', true)
  })

  it('round-trips assistant tool calls and tool results into the wire format', async () => {
    const fake = await scriptFake([{ reply: 'Found it.' }])
    const messages: LanguageModelInput = [
      { role: 'system', content: 'You research.' },
      { role: 'user', content: `${fake.marker} find papers` },
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'call_1', name: 'search', arguments: '{"q":"x"}' }],
      },
      { role: 'tool', toolCallId: 'call_1', content: '[{"title":"A"}]' },
    ]
    await makeTestModel().complete({ messages })
    const [request] = await fake.requests()
    expect(request?.messages).toEqual(messages)
    expect((request?.body.messages as unknown[] | undefined)?.[2]).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: 'call_1', type: 'function', function: { name: 'search', arguments: '{"q":"x"}' } },
      ],
    })
  })

  it('returns whole tool calls with finish reason tool_calls', async () => {
    const fake = await scriptFake([
      { toolCalls: [{ name: 'load_papers', arguments: { indices: [1, 3] } }] },
    ])
    const response = await makeTestModel().complete({ messages: user(fake.marker) })
    expect(response.finishReason).toBe('tool_calls')
    expect(response.toolCalls).toEqual([
      { id: `call_${fake.key}_0`, name: 'load_papers', arguments: '{"indices":[1,3]}' },
    ])
  })

  it('returns reasoning from a whole completion', async () => {
    const fake = await scriptFake([{ reasoning: 'Weigh both studies.', reply: 'They disagree.' }])
    const response = await makeTestModel().complete({ messages: user(fake.marker) })
    expect(response).toMatchObject({ reasoning: 'Weigh both studies.', text: 'They disagree.' })
  })

  it('asks for json_schema output with strict false', async () => {
    const fake = await scriptFake([{ json: { message: 'hi' } }])
    const response = await makeTestModel().complete({ messages: user(fake.marker), jsonSchema })
    expect(JSON.parse(response.text)).toEqual({ message: 'hi' })
    const [request] = await fake.requests()
    expect(request?.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'answer', schema: jsonSchema.schema, strict: false },
    })
  })

  it('retries once with json_object when the server rejects json_schema, then keeps json_object', async () => {
    const fake = await scriptFake([
      {
        status: 400,
        error: {
          message: 'response_format json_schema is not supported',
          type: 'invalid_request_error',
        },
      },
      { json: { message: 'first' } },
      { json: { message: 'second' } },
    ])
    const model = makeTestModel()
    const request = {
      messages: [{ role: 'system' as const, content: 'Be brief.' }, ...user(fake.marker)],
      jsonSchema,
    }
    expect((await model.complete(request)).text).toBe('{"message":"first"}')
    expect((await model.complete(request)).text).toBe('{"message":"second"}')
    const sent = await fake.requests()
    expect(sent.map((r) => (r.body.response_format as { type: string }).type)).toEqual([
      'json_schema',
      'json_object',
      'json_object',
    ])
    // json_object cannot carry the schema, so it is stated in the (single, leading) system message.
    expect(sent[1]?.messages[0]).toEqual({
      role: 'system',
      content: expect.stringContaining('Be brief.\n\nReply with one JSON object'),
    })
    expect(sent[1]?.messages).toHaveLength(2)
  })

  it('completeJson sends the zod schema and parses the reply', async () => {
    const fake = await scriptFake([
      { raw: '```json\n{"message": "See [1].", "sources": ["https://a.example",]}\n```' },
    ])
    const result = await completeJson(
      makeTestModel(),
      { messages: user(fake.marker) },
      answerSchema,
    )
    expect(result).toMatchObject({
      method: 'repaired',
      value: { message: 'See [1].', sources: ['https://a.example'] },
    })
    const [request] = await fake.requests()
    const format = request?.body.response_format as {
      json_schema: { name: string; schema: Record<string, unknown> }
    }
    expect(format.json_schema.name).toBe('response')
    expect(format.json_schema.schema).toMatchObject({
      type: 'object',
      required: ['message', 'sources'],
    })
    expect(format.json_schema.schema).not.toHaveProperty('$schema')
  })

  it('completeJson falls back to the raw text as the message field', async () => {
    const fake = await scriptFake([{ raw: 'Sorry, nothing relevant was found.' }])
    const result = await completeJson(
      makeTestModel(),
      { messages: user(fake.marker) },
      answerSchema,
      undefined,
      {
        messageField: 'message',
      },
    )
    expect(result).toMatchObject({
      method: 'raw',
      value: { message: 'Sorry, nothing relevant was found.', sources: [] },
    })
  })

  it('turns a 500 into a retryable ProviderError', async () => {
    const fake = await scriptFake([{ status: 500 }])
    const error = await makeTestModel()
      .complete({ messages: user(fake.marker) })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderError)
    expect(error).toMatchObject({ provider: 'openai-compatible', status: 502, retryable: true })
    expect(await fake.requests()).toHaveLength(1)
  })

  it('turns a 401 into a ProviderError that is not retryable', async () => {
    const fake = await scriptFake([{ requireKey: 'some-other-key', reply: 'unreachable' }])
    const error = await makeTestModel()
      .complete({ messages: user(fake.marker) })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderError)
    expect(error).toMatchObject({ retryable: false, message: expect.stringContaining('401') })
  })

  it('times out a slow server with a retryable ProviderError', async () => {
    // The server answers after 20 s; ending within 5 s proves the 200 ms timeout fired.
    // Measured start-to-error under load (two CPU burners, busy machine): max 204 ms.
    const fake = await scriptFake([{ delayMs: 20_000, reply: 'too late' }])
    const started = Date.now()
    const error = await makeTestModel({ timeoutMs: 200 })
      .complete({ messages: user(fake.marker) })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderError)
    expect(error).toMatchObject({
      retryable: true,
      message: 'Model request timed out after 200 ms',
    })
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('rejects with an AbortError when aborted while waiting', async () => {
    const fake = await scriptFake([{ hang: true }])
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 50)
    const error = await makeTestModel()
      .complete({ messages: user(fake.marker) }, controller.signal)
      .catch((e: unknown) => e)
    expect(isAbortError(error)).toBe(true)
    expect(error).toMatchObject({ name: 'AbortError' })
  })

  it('rejects an already-aborted call without sending it', async () => {
    const fake = await scriptFake([{ reply: 'never' }])
    const error = await makeTestModel()
      .complete({ messages: user(fake.marker) }, AbortSignal.abort())
      .catch((e: unknown) => e)
    expect(isAbortError(error)).toBe(true)
    expect(await fake.requests()).toHaveLength(0)
  })
})
