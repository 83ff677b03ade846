// OpenAI chunk and completion encoding with Sonar-style citations.
import { createParser } from 'eventsource-parser'
import { describe, expect, it } from 'vitest'
import {
  buildChatCompletion,
  OpenAiChunkEncoder,
  toChatAnnotation,
  type ChatCompletionChunk,
  type CompletionMeta,
  type Packet,
} from '../../workers/stream'
import { done, failure, reasoning, replace, source, sources, status, token } from './builders'

const meta: CompletionMeta = { id: 'chatcmpl-1', model: 'quire-answer', created: 1_700_000_000 }

function encodeAll(packets: Packet[]): string[] {
  const encoder = new OpenAiChunkEncoder(meta)
  const datas: string[] = []
  const parser = createParser({ onEvent: (event) => datas.push(event.data) })
  for (const packet of packets) parser.feed(encoder.encode(packet))
  return datas
}

function chunks(datas: string[]): ChatCompletionChunk[] {
  return datas.filter((data) => data !== '[DONE]').map((data) => JSON.parse(data))
}

describe('a replace packet over OpenAI chunks', () => {
  it('streams a delta withdrawing the text above, with quire.replace on that chunk', () => {
    const parsed = chunks(
      encodeAll([token('Partial'), replace('the model failed (timeout)'), token('Final [1].')]),
    )
    const withdrawal = parsed[1] as ChatCompletionChunk & { quire?: unknown }
    expect(withdrawal.choices[0]?.delta.content).toMatch(
      /text above is withdrawn \(the model failed/,
    )
    expect(withdrawal.quire).toEqual({ replace: { reason: 'the model failed (timeout)' } })
    expect(parsed[2]?.choices[0]?.delta.content).toBe('Final [1].')
  })

  it('indexes the last delta annotations over the whole streamed content, withdrawal included', () => {
    const annotation = toChatAnnotation({
      url: 'https://example.org/1',
      title: 'Source 1',
      start_index: 6,
      end_index: 9,
    })
    const parsed = chunks(
      encodeAll([
        token('Partial [1]'),
        replace('the model failed'),
        token('Final [1].'),
        done({ annotations: [annotation] }),
      ]),
    )
    const content = parsed.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')
    const annotations = parsed.at(-1)?.choices[0]?.delta.annotations ?? []
    expect(annotations).toHaveLength(1)
    const { start_index, end_index } = annotations[0]?.url_citation ?? {}
    expect(content.slice(start_index, end_index)).toBe('[1]')
    expect(start_index).toBe(content.lastIndexOf('[1]'))
    expect(parsed.slice(0, -1).every((chunk) => !chunk.choices[0]?.delta.annotations)).toBe(true)
  })

  it('leaves only the final answer in a whole completion', () => {
    const completion = buildChatCompletion(
      [token('Partial'), replace('the model failed'), token('Final [1].')],
      meta,
    )
    expect(completion.choices[0]?.message.content).toBe('Final [1].')
  })
})

describe('OpenAI chunk encoder', () => {
  it('streams tokens as delta.content with the role on the first chunk and ends with [DONE]', () => {
    const datas = encodeAll([status('ignored'), token('Hel'), token('lo'), done({})])
    expect(datas.at(-1)).toBe('[DONE]')
    const parsed = chunks(datas)
    expect(parsed.map((chunk) => chunk.choices[0]?.delta)).toEqual([
      { role: 'assistant', content: 'Hel' },
      { content: 'lo' },
      {},
    ])
    expect(parsed.map((chunk) => chunk.choices[0]?.finish_reason)).toEqual([null, null, 'stop'])
    expect(parsed.every((c) => c.object === 'chat.completion.chunk' && c.id === meta.id)).toBe(true)
  })

  it('sends reasoning as delta.reasoning_content', () => {
    const parsed = chunks(encodeAll([reasoning('think'), token('say')]))
    expect(parsed[0]?.choices[0]?.delta).toEqual({
      role: 'assistant',
      content: '',
      reasoning_content: 'think',
    })
    expect(parsed[1]?.choices[0]?.delta).toEqual({ content: 'say' })
  })

  it('carries citations and search_results on every chunk after a sources packet', () => {
    const refs = [source(2, { date: '2024-05-01' }), source(1, { title: 'First' })]
    const parsed = chunks(encodeAll([token('a'), sources(refs), token('b [1]'), done({})]))
    expect(parsed[0]?.citations).toBeUndefined()
    for (const chunk of parsed.slice(1)) {
      expect(chunk.citations).toEqual(['https://example.org/1', 'https://example.org/2'])
      expect(chunk.search_results).toEqual([
        { title: 'First', url: 'https://example.org/1' },
        { title: 'Source 2', url: 'https://example.org/2', date: '2024-05-01' },
      ])
    }
  })

  it('sends an error object the OpenAI SDK raises, then finishes', () => {
    const datas = encodeAll([failure('upstream_failed', 'model down'), done({})])
    expect(JSON.parse(datas[0] ?? '')).toEqual({
      error: { message: 'model down', type: 'server_error', code: 'upstream_failed' },
    })
    expect(datas.at(-1)).toBe('[DONE]')
  })

  it('emits nothing after done', () => {
    const encoder = new OpenAiChunkEncoder(meta)
    encoder.encode(done({}))
    expect(encoder.encode(token('late'))).toBe('')
  })
})

describe('buildChatCompletion', () => {
  it('assembles content, reasoning and citations from the same packets', () => {
    const completion = buildChatCompletion(
      [reasoning('r1'), token('Answer '), sources([source(1)]), token('[1]'), done({})],
      meta,
    )
    expect(completion).toEqual({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1_700_000_000,
      model: 'quire-answer',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'Answer [1]', reasoning_content: 'r1' },
          finish_reason: 'stop',
        },
      ],
      citations: ['https://example.org/1'],
      search_results: [{ title: 'Source 1', url: 'https://example.org/1' }],
    })
  })
})
