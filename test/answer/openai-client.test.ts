// /v1 through the official openai npm client, unchanged except for a fetch that routes into
// the app: chat completions whole and streamed, with Sonar-style citations; models; auth.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import OpenAI from 'openai'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { app } from '../../workers/app'
import { makeDeps } from '../../workers/deps'
import { ProviderError } from '../../workers/errors'
import { aResult } from './builders'

const results = [
  aResult(1, {
    title: 'Off-target effects of CRISPR-Cas9',
    url: 'https://www.nature.com/articles/crispr-off-target',
    domain: 'nature.com',
    snippet:
      'High-fidelity Cas9 variants reduce off-target editing to undetectable levels in most assays.',
    date: '2016-01-06',
  }),
  aResult(2, {
    title: 'Genome editing policy',
    url: 'https://www.genome.gov/genome-editing',
    domain: 'genome.gov',
    snippet: 'Off-target editing remains a safety concern for clinical CRISPR therapies.',
  }),
]

type Sonar = {
  citations?: string[]
  search_results?: { title: string; url: string; date?: string }[]
}

function client(apiKey = 'test-api-key'): OpenAI {
  const ctx = createExecutionContext()
  return new OpenAI({
    baseURL: 'http://quire.test/v1',
    apiKey,
    maxRetries: 0,
    fetch: async (url: RequestInfo | URL, init?: RequestInit) => {
      const res = await app.fetch(new Request(url, init), env, ctx)
      void waitOnExecutionContext(ctx)
      return res
    },
  })
}

beforeEach(() => {
  const deps = makeDeps(env)
  vi.spyOn(deps.webSearch, 'search').mockResolvedValue(results)
  vi.spyOn(deps, 'safeFetch').mockRejectedValue(
    new ProviderError('fetch', 'tests do not fetch pages'),
  )
})

afterEach(() => {
  vi.restoreAllMocks()
})

describe('OpenAI-compatible API with the openai client', () => {
  it('answers a chat completion with citations that match the [n] markers', async () => {
    const completion = await client().chat.completions.create({
      model: 'sonar',
      messages: [{ role: 'user', content: 'What are the off-target effects of CRISPR-Cas9?' }],
    })
    const content = completion.choices[0]?.message.content ?? ''
    const { citations, search_results } = completion as unknown as Sonar
    expect(completion.object).toBe('chat.completion')
    expect(content).toMatch(/\[1\]/)
    expect(citations?.length).toBeGreaterThan(0)
    const cited = [...content.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]))
    for (const n of cited) expect(citations?.[n - 1]).toMatch(/^https:\/\//)
    expect(search_results?.[0]).toMatchObject({ title: expect.any(String), url: citations?.[0] })
    expect(search_results?.find((r) => r.url.includes('nature.com'))?.date).toBe('2016-01-06')
  })

  it('streams chunks whose text and citations add up to the same answer', async () => {
    const stream = await client().chat.completions.create({
      model: 'sonar',
      stream: true,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Is CRISPR editing safe?' },
        { role: 'assistant', content: 'It depends on the application.' },
        { role: 'user', content: 'What about off-target editing with high-fidelity Cas9?' },
      ],
    })
    let content = ''
    let chunks = 0
    let citations: string[] | undefined
    for await (const chunk of stream) {
      chunks += 1
      content += chunk.choices[0]?.delta.content ?? ''
      citations = (chunk as unknown as Sonar).citations ?? citations
    }
    expect(chunks).toBeGreaterThan(2)
    expect(content).toMatch(/off-target/i)
    expect(content).toMatch(/\[1\]/)
    expect(citations?.[0]).toMatch(/^https:\/\//)
  })

  it('annotates each [n] marker of the message as a url_citation of source n', async () => {
    const completion = await client().chat.completions.create({
      model: 'sonar',
      messages: [{ role: 'user', content: 'What are the off-target effects of CRISPR-Cas9?' }],
    })
    const message = completion.choices[0]?.message
    const content = message?.content ?? ''
    const { citations } = completion as unknown as Sonar
    const markers = [...content.matchAll(/\[(\d+)\]/g)]
    expect(markers.length).toBeGreaterThan(0)
    expect(message?.annotations).toHaveLength(markers.length)
    message?.annotations?.forEach((annotation, i) => {
      const { url, title, start_index, end_index } = annotation.url_citation
      const marker = markers[i]
      expect(annotation.type).toBe('url_citation')
      expect(content.slice(start_index, end_index)).toBe(marker?.[0])
      expect(url).toBe(citations?.[Number(marker?.[1]) - 1])
      expect(title).toEqual(expect.any(String))
    })
  })

  it('puts the annotations on the last delta, indexed over the concatenated content', async () => {
    const stream = await client().chat.completions.create({
      model: 'sonar',
      stream: true,
      messages: [{ role: 'user', content: 'What are the off-target effects of CRISPR-Cas9?' }],
    })
    type Annotated = {
      annotations?: { url_citation: { start_index: number; end_index: number } }[]
    }
    let content = ''
    let annotatedDeltas = 0
    let last: Annotated | undefined
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta as (typeof chunk.choices)[0]['delta'] & Annotated
      content += delta.content ?? ''
      if (delta.annotations) annotatedDeltas += 1
      last = delta
    }
    expect(annotatedDeltas).toBe(1)
    const spans = (last?.annotations ?? []).map((a) =>
      content.slice(a.url_citation.start_index, a.url_citation.end_index),
    )
    expect(spans.length).toBeGreaterThan(0)
    expect(spans).toEqual([...content.matchAll(/\[\d+\]/g)].map((m) => m[0]))
  })

  it('gives knowledge-base sources absolute links to their source page', async () => {
    const corpus = aResult(3, {
      url: 'quire://source/s9',
      domain: 'quire',
      sourceId: 's9',
      snippet: 'Base editing avoids double-strand breaks and so reduces off-target edits.',
    })
    vi.spyOn(makeDeps(env).webSearch, 'search').mockResolvedValue([corpus])
    const completion = await client().chat.completions.create({
      model: 'sonar',
      messages: [{ role: 'user', content: 'Does base editing reduce off-target edits?' }],
    })
    expect((completion as unknown as Sonar).citations).toEqual(['http://quire.test/api/sources/s9'])
  })

  it('lists its models', async () => {
    const models = await client().models.list()
    expect(models.data.map((m) => m.id)).toContain('quire-answer')
  })

  it('refuses a wrong API key', async () => {
    await expect(client('wrong-key').models.list()).rejects.toBeInstanceOf(
      OpenAI.AuthenticationError,
    )
  })

  it('rejects a conversation without a user question', async () => {
    const request = client().chat.completions.create({
      model: 'sonar',
      messages: [{ role: 'system', content: 'Nothing to answer.' }],
    })
    await expect(request).rejects.toBeInstanceOf(OpenAI.BadRequestError)
  })
})
