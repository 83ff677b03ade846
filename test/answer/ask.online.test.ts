// /api/ask and /v1 with the model: SessionDO hosts the run, the openai-compatible adapter
// talks to the scripted fake, and search is scripted on the DO's deps.
import { createExecutionContext, env } from 'cloudflare:test'
import OpenAI from 'openai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { app } from '../../workers/app'
import { makeDeps } from '../../workers/deps'
import { ProviderError } from '../../workers/errors'
import { scriptFake, type FakeStep } from '../fakes/fake-llm'
import { aResult } from './builders'
import { ask, bearer, scriptSearch } from './route-helpers'

const results = [
  aResult(1, {
    title: 'Sleep and memory',
    domain: 'nih.gov',
    snippet: 'Sleep consolidates memory.',
  }),
  aResult(2, {
    title: 'Naps and learning',
    domain: 'nature.com',
    snippet: 'Short naps help learning.',
  }),
]
const ranking: FakeStep = {
  json: {
    ranked: [
      { id: 2, reason: 'journal' },
      { id: 1, reason: 'agency' },
    ],
  },
}
const answer = (text: string): FakeStep => ({
  json: { answer: text, citations: [], related_questions: ['What else helps memory?'] },
  chunks: 6,
})

interface AskBody {
  session_id: string
  token?: string
  answer: string
  sources: { url: string; cited: boolean }[]
  mode: string
  related_questions: string[]
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('/api/ask with a model', () => {
  it('answers with the model, citing the ranked sources', async () => {
    await scriptSearch(results)
    const fake = await scriptFake([ranking, answer('Naps help [1] and sleep helps [2].')])
    const res = await ask({ query: `Does sleep help memory? ${fake.marker}` })
    expect(res.status).toBe(200)
    const body = (await res.json()) as AskBody
    expect(body).toMatchObject({ mode: 'online', answer: 'Naps help [1] and sleep helps [2].' })
    expect(body.sources.map((s) => s.url)).toEqual([results[1]?.url, results[0]?.url])
    expect(body.related_questions).toEqual(['What else helps memory?'])
  })

  it('sends the earlier turns of the session, without their old citation numbers, with a follow-up', async () => {
    await scriptSearch(results)
    const fake = await scriptFake([
      ranking,
      answer('Sleep helps [2].'),
      ranking,
      answer('Naps too [1].'),
    ])
    const first = (await (
      await ask({ query: `Does sleep help memory? ${fake.marker}` })
    ).json()) as AskBody
    const followUp = { query: `And naps? ${fake.marker}`, session_id: first.session_id }
    expect((await ask(followUp, bearer(first.token ?? ''))).status).toBe(200)
    const synthesis = (await fake.requests())[3]
    const roles = synthesis?.messages.map((m) => m.role)
    expect(roles).toEqual(['system', 'user', 'assistant', 'user'])
    expect(synthesis?.messages[1]?.content).toContain('Does sleep help memory?')
    expect(synthesis?.messages[2]?.content).toBe('Sleep helps.')
  })
})

describe('/v1/chat/completions with a model', () => {
  it('streams the model answer to the openai client with citations', async () => {
    const deps = makeDeps(env)
    vi.spyOn(deps.webSearch, 'search').mockResolvedValue(results)
    vi.spyOn(deps, 'safeFetch').mockRejectedValue(
      new ProviderError('fetch', 'tests do not fetch pages'),
    )
    const fake = await scriptFake([ranking, answer('Naps help [1]; sleep too [2].')])
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
      messages: [{ role: 'user', content: `Do naps help? ${fake.marker}` }],
    })
    let content = ''
    let citations: string[] = []
    for await (const chunk of stream) {
      content += chunk.choices[0]?.delta.content ?? ''
      citations = (chunk as unknown as { citations?: string[] }).citations ?? citations
    }
    expect(content).toBe('Naps help [1]; sleep too [2].')
    expect(citations).toEqual([results[1]?.url, results[0]?.url])
  })

  it('sends at most the last 5 earlier messages to the model', async () => {
    const deps = makeDeps(env)
    vi.spyOn(deps.webSearch, 'search').mockResolvedValue(results)
    vi.spyOn(deps, 'safeFetch').mockRejectedValue(new ProviderError('fetch', 'no pages'))
    const fake = await scriptFake([ranking, answer('Yes [1].')])
    const earlier = Array.from({ length: 8 }, (_, i) => ({
      role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
      content: `Earlier message ${i}`,
    }))
    const res = await app.request(
      '/v1/chat/completions',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer test-api-key' },
        body: JSON.stringify({
          model: 'sonar',
          messages: [...earlier, { role: 'user', content: `Still true? ${fake.marker}` }],
        }),
      },
      env,
    )
    expect(res.status).toBe(200)
    const synthesis = (await fake.requests())[1]
    const contents = synthesis?.messages.map((m) => m.content) ?? []
    expect(contents.slice(1, -1)).toEqual(earlier.slice(-5).map((m) => m.content))
  })
})
