import { describe, expect, it } from 'vitest'
import { collectResponse, type ModelDelta } from '../../workers/llm'
import { ProviderError } from '../../workers/errors'
import { makeTestModel, scriptFake } from '../fakes/fake-llm'

async function drain(stream: AsyncIterable<ModelDelta>): Promise<ModelDelta[]> {
  const out: ModelDelta[] = []
  for await (const delta of stream) out.push(delta)
  return out
}

const user = (content: string) => [{ role: 'user' as const, content }]

describe('openai-compatible stream()', () => {
  it('streams text deltas in order and ends with one finish carrying usage', async () => {
    const fake = await scriptFake([{ reply: 'The quick brown fox', chunks: 4 }])
    const deltas = await drain(makeTestModel().stream({ messages: user(`${fake.marker} go`) }))
    expect(deltas.filter((d) => d.type === 'text').map((d) => d.text)).toEqual([
      'The q',
      'uick ',
      'brown',
      ' fox',
    ])
    expect(deltas.filter((d) => d.type === 'finish')).toHaveLength(1)
    expect(deltas.at(-1)).toEqual({
      type: 'finish',
      reason: 'stop',
      usage: { promptTokens: expect.any(Number), completionTokens: 5 },
    })
  })

  it('asks the server for usage in the stream', async () => {
    const fake = await scriptFake([{ reply: 'ok' }])
    await drain(makeTestModel().stream({ messages: user(fake.marker) }))
    const [request] = await fake.requests()
    expect(request?.body).toMatchObject({
      model: 'fake-main',
      stream: true,
      stream_options: { include_usage: true },
    })
  })

  it('streams reasoning_content as reasoning deltas before the text', async () => {
    const fake = await scriptFake([{ reasoning: 'Check the sources first.', reply: 'Done.' }])
    const deltas = await drain(makeTestModel().stream({ messages: user(fake.marker) }))
    const kinds = deltas.map((d) => d.type)
    expect(kinds.indexOf('reasoning')).toBeLessThan(kinds.indexOf('text'))
    const response = await collectResponse(deltas as unknown as AsyncIterable<ModelDelta>)
    expect(response).toMatchObject({ reasoning: 'Check the sources first.', text: 'Done.' })
  })

  it('reads reasoning from servers that call the field `reasoning`', async () => {
    const fake = await scriptFake([
      { reasoning: 'Hmm.', reasoningField: 'reasoning', reply: 'Yes.' },
    ])
    const response = await collectResponse(makeTestModel().stream({ messages: user(fake.marker) }))
    expect(response.reasoning).toBe('Hmm.')
  })

  it('passes tool-call fragments through and they assemble into whole calls', async () => {
    const fake = await scriptFake([
      {
        toolCalls: [
          { name: 'search_web', arguments: { query: 'graphene thermal conductivity', limit: 5 } },
          { name: 'read_page', arguments: '{"url":"https://a.example"}' },
        ],
      },
    ])
    const tools = [{ name: 'search_web', description: 'Search', parameters: { type: 'object' } }]
    const deltas = await drain(makeTestModel().stream({ messages: user(fake.marker), tools }))
    const fragments = deltas.filter((d) => d.type === 'tool_call')
    expect(fragments.length).toBeGreaterThan(4)
    expect(fragments[0]).toEqual({
      type: 'tool_call',
      index: 0,
      id: `call_${fake.key}_0`,
      name: 'search_web',
      argumentsDelta: '',
    })
    const response = await collectResponse(deltas as unknown as AsyncIterable<ModelDelta>)
    expect(response.finishReason).toBe('tool_calls')
    expect(response.toolCalls.map((c) => [c.name, JSON.parse(c.arguments)])).toEqual([
      ['search_web', { query: 'graphene thermal conductivity', limit: 5 }],
      ['read_page', { url: 'https://a.example' }],
    ])
    const [request] = await fake.requests()
    expect(request?.body.tools).toEqual([
      {
        type: 'function',
        function: { name: 'search_web', description: 'Search', parameters: { type: 'object' } },
      },
    ])
  })

  // The next chunk is 5 s away, so ending within 2 s (and with one text delta) proves the
  // abort. Measured abort-to-end under load (two CPU burners, busy machine): max 1 ms.
  it('ends promptly on an abort mid-stream, with a finish marked aborted', async () => {
    const fake = await scriptFake([{ reply: 'one two three four', chunks: 4, chunkDelayMs: 5_000 }])
    const controller = new AbortController()
    const seen: ModelDelta[] = []
    let abortedAt = 0
    for await (const delta of makeTestModel().stream(
      { messages: user(fake.marker) },
      controller.signal,
    )) {
      seen.push(delta)
      if (delta.type === 'text' && !abortedAt) {
        abortedAt = Date.now()
        controller.abort()
      }
    }
    expect(Date.now() - abortedAt).toBeLessThan(2_000)
    expect(seen.filter((d) => d.type === 'text')).toHaveLength(1)
    expect(seen.at(-1)).toEqual({ type: 'finish', reason: 'aborted' })
  })

  // The server never answers, so any finite bound proves the abort (50 ms in). Measured
  // start-to-end under load: max 71 ms; the bound is over 5x that.
  it('ends at once when aborted while waiting for the first byte', async () => {
    const fake = await scriptFake([{ hang: true }])
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 50)
    const started = Date.now()
    const deltas = await drain(
      makeTestModel().stream({ messages: user(fake.marker) }, controller.signal),
    )
    expect(deltas).toEqual([{ type: 'finish', reason: 'aborted' }])
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  it('sends nothing when the signal is already aborted', async () => {
    const fake = await scriptFake([{ reply: 'never' }])
    const deltas = await drain(
      makeTestModel().stream({ messages: user(fake.marker) }, AbortSignal.abort()),
    )
    expect(deltas).toEqual([{ type: 'finish', reason: 'aborted' }])
    expect(await fake.requests()).toHaveLength(0)
  })

  it('fails with a retryable ProviderError when the stream stalls past the timeout', async () => {
    const fake = await scriptFake([{ reply: 'partial answer', chunks: 2, hang: true }])
    const seen: ModelDelta[] = []
    const run = async () => {
      for await (const d of makeTestModel({ timeoutMs: 300 }).stream({
        messages: user(fake.marker),
      }))
        seen.push(d)
    }
    const error = await run().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderError)
    expect(error).toMatchObject({ retryable: true, message: expect.stringContaining('stalled') })
    expect(seen.map((d) => d.type)).toEqual(['text', 'text'])
  })

  it('fails with a retryable ProviderError when headers never arrive in time', async () => {
    const fake = await scriptFake([{ delayMs: 2000, reply: 'late' }])
    const error = await drain(
      makeTestModel({ timeoutMs: 200 }).stream({ messages: user(fake.marker) }),
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderError)
    expect(error).toMatchObject({ retryable: true, message: expect.stringContaining('timed out') })
  })

  it('reports a finish reason of length when the server cut the answer', async () => {
    const fake = await scriptFake([{ reply: 'cut sho', finishReason: 'length' }])
    const deltas = await drain(makeTestModel().stream({ messages: user(fake.marker) }))
    expect(deltas.at(-1)).toMatchObject({ type: 'finish', reason: 'length' })
  })
})
