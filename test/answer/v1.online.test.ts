// /v1/chat/completions with a model over a seeded knowledge base (the shipped corpus search):
// the streamed answer through the openai client, caller instructions and max_tokens, the
// model's abstention, degraded mode with the model down, and usage from the upstream calls.
import { createExecutionContext, env } from 'cloudflare:test'
import OpenAI from 'openai'
import { beforeAll, describe, expect, it } from 'vitest'
import { app } from '../../workers/app'
import { scriptFake, type FakeStep } from '../fakes/fake-llm'
import { seedCorpus } from './seeded-corpus'
import { completionRequest, readChunks } from './v1-helpers'

const related: FakeStep = { json: { questions: ['What else helps memory?'] } }
const usage = (prompt: number, completion: number) => ({
  usage: { prompt_tokens: prompt, completion_tokens: completion },
})

interface Quire {
  mode: string
  fallbacks: { stage: string; reason: string }[]
  abstained: boolean
  search_query?: string
  usage: { calls: number; counted: number }
}

beforeAll(seedCorpus)

describe('/v1/chat/completions with a model', () => {
  it('streams the model answer with citations, and quire and usage on the final chunk', async () => {
    const fake = await scriptFake([
      { reply: 'Slow-wave sleep helps [1]; short nights hurt [1].', chunks: 6, ...usage(120, 15) },
      { ...related, ...usage(40, 9) },
    ])
    const ctx = createExecutionContext()
    const client = new OpenAI({
      baseURL: 'http://quire.test/v1',
      apiKey: 'test-api-key',
      fetch: async (url: RequestInfo | URL, init?: RequestInit) =>
        app.fetch(new Request(url, init), env, ctx),
    })
    const stream = await client.chat.completions.create({
      model: 'quire-answer',
      stream: true,
      messages: [{ role: 'user', content: `Does sleep help memory consolidation? ${fake.marker}` }],
    })
    let content = ''
    let citations: string[] = []
    let quire: Quire | undefined
    let total: unknown
    for await (const chunk of stream) {
      content += chunk.choices[0]?.delta.content ?? ''
      const extra = chunk as unknown as { citations?: string[]; quire?: Quire }
      citations = extra.citations ?? citations
      quire = extra.quire ?? quire
      total = chunk.usage ?? total
    }
    expect(content).toBe('Slow-wave sleep helps [1]; short nights hurt [1].')
    expect(citations).toHaveLength(1)
    expect(quire).toMatchObject({
      mode: 'online',
      fallbacks: [],
      abstained: false,
      usage: { calls: 2, counted: 0 },
    })
    // The sum of what the two upstream calls reported.
    expect(total).toEqual({ prompt_tokens: 160, completion_tokens: 24, total_tokens: 184 })
  })

  it('puts system messages into the answer prompt as delimited instructions and honours max_tokens', async () => {
    const fake = await scriptFake([
      // The history makes this a follow-up: its rewrite comes first.
      { forSchema: 'query_plan', json: { query: 'sleep memory consolidation', task: 'qa' } },
      { reply: 'Yes [1].' },
      { ...related, forSchema: 'related_questions' },
    ])
    const earlier = Array.from({ length: 8 }, (_, i) => ({
      role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
      content: `Earlier message ${i}`,
    }))
    const res = await app.request(
      '/v1/chat/completions',
      completionRequest({
        model: 'sonar',
        max_tokens: 64,
        messages: [
          { role: 'system', content: 'Answer like a pirate.' },
          ...earlier,
          { role: 'user', content: `Does sleep help memory consolidation? ${fake.marker}` },
        ],
      }),
      env,
    )
    expect(res.status).toBe(200)
    const body = (await res.json()) as { quire: Quire; choices: { message: { content: string } }[] }
    expect(body.quire).toMatchObject({
      mode: 'online',
      fallbacks: [],
      search_query: 'sleep memory consolidation',
    })
    expect(body.choices[0]?.message.content).toBe('Yes [1].')
    const synthesis = (await fake.requests()).find((r) => r.body.stream === true)
    const system = synthesis?.messages[0]?.content ?? ''
    expect(system).toMatch(/only the numbered sources/)
    expect(system).toContain('<caller_instructions>\nAnswer like a pirate.\n</caller_instructions>')
    expect(synthesis?.body.max_tokens ?? synthesis?.body.max_completion_tokens).toBe(64)
    const contents = synthesis?.messages.map((m) => m.content) ?? []
    expect(contents.slice(1, -1)).toEqual(earlier.slice(-5).map((m) => m.content))
  })

  it('abstains with citations: [] when the model says no source addresses the question', async () => {
    const fake = await scriptFake([{ reply: 'NO_RELEVANT_SOURCES', chunks: 4 }])
    const res = await app.request(
      '/v1/chat/completions',
      completionRequest({
        model: 'sonar',
        stream: true,
        messages: [{ role: 'user', content: `Does sleep cure baldness? ${fake.marker}` }],
      }),
      env,
    )
    const chunks = await readChunks(res)
    const text = chunks
      .map(
        (c) =>
          (c as { choices?: { delta?: { content?: string } }[] }).choices?.[0]?.delta?.content ??
          '',
      )
      .join('')
    expect(text).toMatch(/do not cover this question/)
    const last = chunks.at(-1) as { citations?: string[]; quire?: Quire }
    expect(last.citations).toEqual([])
    expect(last.quire).toMatchObject({ abstained: true, mode: 'online', fallbacks: [] })
  })

  it('says degraded, with the reason, when the model endpoint is unreachable', async () => {
    // Port 9 (discard) on loopback: nothing listens, so the connection is refused at once.
    const down = { ...env, LLM_BASE_URL: 'http://127.0.0.1:9/v1' } as Env
    const res = await app.request(
      '/v1/chat/completions',
      completionRequest({
        model: 'sonar',
        messages: [{ role: 'user', content: 'Does slow-wave sleep predict memory consolidation?' }],
      }),
      down,
    )
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      choices: { message: { content: string } }[]
      citations: string[]
      quire: Quire
    }
    expect(body.quire).toMatchObject({
      mode: 'degraded',
      fallbacks: [
        { stage: 'synthesize', reason: 'model unreachable' },
        { stage: 'related_questions', reason: 'model unreachable' },
      ],
      // No call reached the model: nothing to count.
      usage: { calls: 0, counted: 0 },
    })
    expect(body.choices[0]?.message.content).toMatch(/\[1\]/)
    expect((body as unknown as { usage: unknown }).usage).toEqual({
      prompt_tokens: 0,
      completion_tokens: 0,
      total_tokens: 0,
    })
  })

  it('counts usage with the tokenizer, and says so, when the provider reports none', async () => {
    const fake = await scriptFake([
      { reply: 'Slow-wave sleep helps [1].', usage: null },
      { ...related, ...usage(40, 9) },
    ])
    const res = await app.request(
      '/v1/chat/completions',
      completionRequest({
        model: 'sonar',
        messages: [
          { role: 'user', content: `Does sleep help memory consolidation? ${fake.marker}` },
        ],
      }),
      env,
    )
    const body = (await res.json()) as { usage: { completion_tokens: number }; quire: Quire }
    expect(body.quire).toMatchObject({ mode: 'online', fallbacks: [] })
    expect(body.quire.usage).toEqual({ calls: 2, counted: 1 })
    // 'Slow-wave sleep helps [1].' counted by the tokenizer, plus the 9 reported.
    expect(body.usage.completion_tokens).toBeGreaterThan(9)
  })
})
