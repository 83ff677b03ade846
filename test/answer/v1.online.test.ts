// /v1/chat/completions with a model: the streamed answer through the openai client, caller
// instructions and max_tokens, the model's abstention, and degraded mode with the model down.
import { createExecutionContext, env } from 'cloudflare:test'
import OpenAI from 'openai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { app } from '../../workers/app'
import { makeDeps } from '../../workers/deps'
import { ProviderError } from '../../workers/errors'
import { scriptFake, type FakeStep } from '../fakes/fake-llm'
import { aResult } from './builders'
import { completionRequest, readChunks } from './v1-helpers'

const results = [
  aResult(1, {
    title: 'Sleep and memory',
    domain: 'nih.gov',
    snippet: 'Sleep improves memory and learning in adults.',
  }),
  aResult(2, {
    title: 'Naps, memory and learning',
    domain: 'nature.com',
    snippet: 'Short naps improve memory and learning.',
  }),
]
const plan: FakeStep = {
  json: { query: 'sleep naps memory learning', task: 'qa', variations: [] },
}
const related: FakeStep = { json: { questions: ['What else helps memory?'] } }

interface Quire {
  mode: string
  fallbacks: { stage: string; reason: string }[]
  abstained: boolean
  search_query?: string
}

function scriptSearch(target: Env = env) {
  const deps = makeDeps(target)
  vi.spyOn(deps.webSearch, 'search').mockResolvedValue(results)
  vi.spyOn(deps, 'safeFetch').mockRejectedValue(new ProviderError('fetch', 'no pages'))
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('/v1/chat/completions with a model', () => {
  it('streams the model answer with citations, and quire on the final chunk', async () => {
    scriptSearch()
    const fake = await scriptFake([
      plan,
      { reply: 'Naps help [2]; sleep too [1].', chunks: 6 },
      related,
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
      messages: [{ role: 'user', content: `Do naps help memory? ${fake.marker}` }],
    })
    let content = ''
    let citations: string[] = []
    let quire: Quire | undefined
    for await (const chunk of stream) {
      content += chunk.choices[0]?.delta.content ?? ''
      const extra = chunk as unknown as { citations?: string[]; quire?: Quire }
      citations = extra.citations ?? citations
      quire = extra.quire ?? quire
    }
    expect(content).toBe('Naps help [1]; sleep too [2].')
    expect(citations).toHaveLength(2)
    expect(quire).toMatchObject({
      mode: 'online',
      fallbacks: [],
      abstained: false,
      search_query: 'sleep naps memory learning',
    })
  })

  it('puts system messages into the answer prompt as delimited instructions and honours max_tokens', async () => {
    scriptSearch()
    const fake = await scriptFake([plan, { reply: 'Yes [1].' }, related])
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
          { role: 'user', content: `Does sleep help memory? ${fake.marker}` },
        ],
      }),
      env,
    )
    expect(res.status).toBe(200)
    const synthesis = (await fake.requests())[1]
    const system = synthesis?.messages[0]?.content ?? ''
    expect(system).toMatch(/only the numbered sources/)
    expect(system).toContain('<caller_instructions>\nAnswer like a pirate.\n</caller_instructions>')
    expect(synthesis?.body.max_tokens ?? synthesis?.body.max_completion_tokens).toBe(64)
    const contents = synthesis?.messages.map((m) => m.content) ?? []
    expect(contents.slice(1, -1)).toEqual(earlier.slice(-5).map((m) => m.content))
  })

  it('abstains with citations: [] when the model says no source addresses the question', async () => {
    scriptSearch()
    const fake = await scriptFake([plan, { reply: 'NO_RELEVANT_SOURCES', chunks: 4 }])
    const res = await app.request(
      '/v1/chat/completions',
      completionRequest({
        model: 'sonar',
        stream: true,
        messages: [{ role: 'user', content: `Who won the 2018 World Cup? ${fake.marker}` }],
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
    expect(last.quire).toMatchObject({ abstained: true, mode: 'online' })
  })

  it('says degraded, with the reason, when the model endpoint is unreachable', async () => {
    // Port 9 (discard) on loopback: nothing listens, so the connection is refused at once.
    const down = { ...env, LLM_BASE_URL: 'http://127.0.0.1:9/v1' } as Env
    scriptSearch(down)
    const res = await app.request(
      '/v1/chat/completions',
      completionRequest({
        model: 'sonar',
        messages: [{ role: 'user', content: 'Does sleep improve memory and learning?' }],
      }),
      down,
    )
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      choices: { message: { content: string } }[]
      citations: string[]
      quire: Quire
    }
    expect(body.quire.mode).toBe('degraded')
    expect(body.quire.fallbacks).toContainEqual({
      stage: 'synthesize',
      reason: 'model unreachable',
    })
    expect(body.quire.fallbacks[0]).toEqual({ stage: 'plan', reason: 'model unreachable' })
    expect(body.choices[0]?.message.content).toMatch(/\[1\]/)
  })
})
