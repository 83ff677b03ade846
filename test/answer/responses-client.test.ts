// /v1/responses through the official openai npm client, unchanged except for a fetch that
// routes into the app: create (whole and stream: true), responses.stream, retrieve, follow-ups
// through previous_response_id, and owner-only reads, all read through the client's own types.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import OpenAI from 'openai'
import type { Response as OpenAiResponse } from 'openai/resources/responses/responses'
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
  }),
  aResult(2, {
    title: 'Genome editing policy',
    url: 'https://www.genome.gov/genome-editing',
    domain: 'genome.gov',
    snippet: 'Off-target editing remains a safety concern for clinical CRISPR therapies.',
  }),
]
const QUESTION = 'What are the off-target effects of CRISPR-Cas9?'
/** Two keys: responses belong to the key that created them. */
const keyed = { ...env, QUIRE_API_KEYS: 'test-api-key,other-key' }

function client(apiKey = 'test-api-key'): OpenAI {
  const ctx = createExecutionContext()
  return new OpenAI({
    baseURL: 'http://quire.test/v1',
    apiKey,
    maxRetries: 0,
    fetch: async (url: RequestInfo | URL, init?: RequestInit) => {
      const res = await app.fetch(new Request(url, init), keyed, ctx)
      void waitOnExecutionContext(ctx)
      return res
    },
  })
}

type UrlCitation = {
  type: 'url_citation'
  url: string
  title: string
  start_index: number
  end_index: number
}
interface Quire {
  mode: string
  fallbacks: unknown[]
  abstained: boolean
  sources: { number: number; title: string; url: string }[]
}

/** The output_text of the response's one message, with its url_citations. */
function answerOf(response: OpenAiResponse): { text: string; citations: UrlCitation[] } {
  expect(response.output).toHaveLength(1)
  const item = response.output[0]
  if (item?.type !== 'message') throw new Error(`expected a message, got ${item?.type}`)
  const part = item.content[0]
  if (part?.type !== 'output_text') throw new Error(`expected output_text, got ${part?.type}`)
  const citations = part.annotations.filter((a): a is UrlCitation => a.type === 'url_citation')
  return { text: part.text, citations }
}

/** Every [n] marker is one url_citation spanning it, naming source n. */
function expectMarkersAnnotated(response: OpenAiResponse): void {
  const { text, citations } = answerOf(response)
  const quire = (response as unknown as { quire: Quire }).quire
  const markers = [...text.matchAll(/\[(\d+)\]/g)]
  expect(markers.length).toBeGreaterThan(0)
  expect(citations.map((c) => text.slice(c.start_index, c.end_index))).toEqual(
    markers.map((m) => m[0]),
  )
  citations.forEach((citation, i) => {
    const source = quire.sources.find((s) => s.number === Number(markers[i]?.[1]))
    expect(citation).toMatchObject({ url: source?.url, title: source?.title })
    expect(citation.url).toMatch(/^https:\/\//)
  })
}

beforeEach(() => {
  const deps = makeDeps(keyed)
  vi.spyOn(deps.webSearch, 'search').mockResolvedValue(results)
  vi.spyOn(deps, 'safeFetch').mockRejectedValue(
    new ProviderError('fetch', 'tests do not fetch pages'),
  )
})

afterEach(() => {
  vi.restoreAllMocks()
})

describe('/v1/responses with the openai client', () => {
  it('answers with one message whose output_text carries a url_citation per marker', async () => {
    const response = await client().responses.create({ model: 'sonar', input: QUESTION })
    expect(response.object).toBe('response')
    expect(response.status).toBe('completed')
    expect(response.id).toMatch(/^resp_/)
    expect(response.output_text).toBe(answerOf(response).text)
    expectMarkersAnnotated(response)
    expect(response.usage).toMatchObject({
      input_tokens: expect.any(Number),
      output_tokens: expect.any(Number),
      total_tokens: expect.any(Number),
    })
    expect((response as unknown as { quire: Quire }).quire).toMatchObject({
      mode: 'offline',
      abstained: false,
    })
  })

  it('streams the documented event sequence, numbered, adding up to the whole response', async () => {
    const stream = await client().responses.create({
      model: 'sonar',
      input: QUESTION,
      stream: true,
    })
    const types: string[] = []
    const numbers: number[] = []
    let deltas = ''
    let completed: OpenAiResponse | undefined
    for await (const event of stream) {
      types.push(event.type)
      numbers.push(event.sequence_number)
      if (event.type === 'response.output_text.delta') deltas += event.delta
      if (event.type === 'response.completed') completed = event.response
    }
    const annotations = types.filter((t) => t === 'response.output_text.annotation.added').length
    const deltaCount = types.filter((t) => t === 'response.output_text.delta').length
    expect(deltaCount).toBeGreaterThan(0)
    expect(types).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      ...Array(deltaCount).fill('response.output_text.delta'),
      ...Array(annotations).fill('response.output_text.annotation.added'),
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ])
    expect(numbers).toEqual(types.map((_, i) => i))
    if (!completed) throw new Error('no response.completed')
    expect(deltas).toBe(answerOf(completed).text)
    expect(annotations).toBe(answerOf(completed).citations.length)
    expectMarkersAnnotated(completed)
  })

  it('works with responses.stream: text deltas, annotation events and the final response', async () => {
    const runner = client().responses.stream({
      model: 'quire-answer',
      input: [{ role: 'user', content: QUESTION }],
    })
    let snapshot = ''
    const added: unknown[] = []
    runner.on('response.output_text.delta', (event) => (snapshot = event.snapshot))
    runner.on('response.output_text.annotation.added', (event) => added.push(event.annotation))
    const final = await runner.finalResponse()
    expect(snapshot).toBe(final.output_text)
    expect(added).toEqual(answerOf(final).citations)
    expectMarkersAnnotated(final)
  })

  it('returns a stored response to its owner and 404 to another key', async () => {
    const created = await client().responses.create({ model: 'sonar', input: QUESTION })
    const again = await client().responses.retrieve(created.id)
    expect(again.id).toBe(created.id)
    expect(answerOf(again)).toEqual(answerOf(created))
    await expect(client('other-key').responses.retrieve(created.id)).rejects.toBeInstanceOf(
      OpenAI.NotFoundError,
    )
    await expect(client().responses.retrieve('resp_unknown')).rejects.toBeInstanceOf(
      OpenAI.NotFoundError,
    )
  })

  it('keeps nothing when store is false', async () => {
    const created = await client().responses.create({
      model: 'sonar',
      input: QUESTION,
      store: false,
    })
    await expect(client().responses.retrieve(created.id)).rejects.toBeInstanceOf(
      OpenAI.NotFoundError,
    )
  })

  it('continues the conversation of previous_response_id, for its owner only', async () => {
    const first = await client().responses.create({ model: 'sonar', input: QUESTION })
    const search = vi.mocked(makeDeps(keyed).webSearch.search)
    search.mockClear()
    const followUp = await client().responses.create({
      model: 'sonar',
      input: 'What about high-fidelity variants?',
      previous_response_id: first.id,
    })
    expect(followUp.previous_response_id).toBe(first.id)
    // The follow-up is read with the earlier question as its history (a rewrite names CRISPR).
    const searched = search.mock.calls.map((call) => JSON.stringify(call[0])).join(' ')
    expect(searched).toMatch(/cas9|crispr|off-target/i)
    const foreign = client('other-key').responses.create({
      model: 'sonar',
      input: 'And then?',
      previous_response_id: first.id,
    })
    await expect(foreign).rejects.toBeInstanceOf(OpenAI.BadRequestError)
  })

  it('rejects input without a user question, naming the field', async () => {
    const request = client().responses.create({
      model: 'sonar',
      input: [{ role: 'system', content: 'Nothing.' }],
    })
    await expect(request).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('input'),
    })
  })

  it('answers an unknown model with model_not_found', async () => {
    await expect(
      client().responses.create({ model: 'gpt-nothing', input: QUESTION }),
    ).rejects.toBeInstanceOf(OpenAI.NotFoundError)
  })
})
