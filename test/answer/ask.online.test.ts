// /api/ask with a model: SessionDO hosts the run, the openai-compatible adapter talks to the
// scripted fake (plan, then the streamed answer, then related questions), search is scripted.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { scriptFake, type FakeStep } from '../fakes/fake-llm'
import { aResult } from './builders'
import { ask, bearer, readSse, scriptSearch } from './route-helpers'

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
const plan = (query: string): FakeStep => ({ json: { query, task: 'qa', variations: [] } })
const answer = (text: string): FakeStep => ({ reply: text, chunks: 6 })
const related: FakeStep = { json: { questions: ['What else helps memory?'] } }

interface AskBody {
  session_id: string
  token?: string
  answer: string
  sources: { url: string; cited: boolean }[]
  mode: string
  fallbacks: { stage: string; reason: string }[]
  related_questions: string[]
  abstained: boolean
  search_query?: string
  model: string | null
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('/api/ask with a model', () => {
  it('makes one planning call, then streams the answer with the sources packet first', async () => {
    await scriptSearch(results)
    const fake = await scriptFake([
      plan('sleep naps memory learning'),
      answer('Naps help [2] and sleep helps [1].'),
      related,
    ])
    const res = await ask(
      { query: `Do naps and sleep improve memory? ${fake.marker}` },
      { accept: 'text/event-stream' },
    )
    const packets = await readSse(res)
    const firstSources = packets.findIndex((p) => p.type === 'sources')
    const firstToken = packets.findIndex((p) => p.type === 'token')
    expect(firstSources).toBeGreaterThanOrEqual(0)
    expect(firstSources).toBeLessThan(firstToken)
    const done = packets.at(-1)
    expect(done?.type).toBe('done')
    const body = (done as { result: AskBody }).result
    expect(body).toMatchObject({
      mode: 'online',
      fallbacks: [],
      model: 'fake-main',
      abstained: false,
      answer: 'Naps help [1] and sleep helps [2].',
      related_questions: ['What else helps memory?'],
      search_query: 'sleep naps memory learning',
    })
    const calls = await fake.requests()
    expect(calls.map((c) => [c.body.model, c.body.stream === true])).toEqual([
      ['fake-fast', false],
      ['fake-main', true],
      ['fake-fast', false],
    ])
    expect(calls[1]?.body.response_format).toBeUndefined()
  })

  it('rewrites a follow-up from the conversation and searches the standalone query', async () => {
    const search = await scriptSearch(results)
    const fake = await scriptFake([
      plan('sleep memory learning'),
      answer('Sleep helps [1].'),
      related,
      plan('naps memory learning'),
      answer('Naps too [1].'),
      related,
    ])
    const first = (await (
      await ask({ query: `Does sleep improve memory? ${fake.marker}` })
    ).json()) as AskBody
    const followUp = { query: `And naps? ${fake.marker}`, session_id: first.session_id }
    const second = (await (await ask(followUp, bearer(first.token ?? ''))).json()) as AskBody
    const planning = (await fake.requests())[3]
    const prompt = planning?.messages.at(-1)?.content ?? ''
    expect(prompt).toContain('Does sleep improve memory?')
    expect(prompt).toContain('Sleep helps.')
    expect(prompt).toContain('And naps?')
    expect(search.mock.calls.at(-1)?.[0]).toBe('naps memory learning')
    expect(second.search_query).toBe('naps memory learning')
    const synthesis = (await fake.requests())[4]
    expect(synthesis?.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user'])
  })

  it('abstains when the model replies that no source addresses the question', async () => {
    await scriptSearch(results)
    const fake = await scriptFake([plan('sleep memory learning'), answer('NO_RELEVANT_SOURCES')])
    const body = (await (
      await ask({ query: `Does sleep improve memory in octopuses? ${fake.marker}` })
    ).json()) as AskBody
    expect(body).toMatchObject({
      abstained: true,
      sources: [],
      related_questions: [],
      mode: 'online',
      model: 'fake-main',
    })
    expect(body.answer).toMatch(/do not cover this question/)
    expect(body.answer).not.toMatch(/NO_RELEVANT/)
    expect(await fake.requests()).toHaveLength(2)
  })

  it('answers in degraded mode, naming each fallback, when the model is out of quota', async () => {
    const fake = await scriptFake([{ status: 429 }, { status: 429 }])
    // Offline rewriting keeps the marker in the searched query: the sources carry it too.
    await scriptSearch(results.map((r) => ({ ...r, snippet: `${r.snippet} ${fake.marker}` })))
    const res = await ask(
      { query: `Does sleep improve memory and learning? ${fake.marker}` },
      { accept: 'text/event-stream' },
    )
    const packets = await readSse(res)
    const body = (packets.at(-1) as { result: AskBody }).result
    expect(body.mode).toBe('degraded')
    expect(body.model).toBeNull()
    expect(body.fallbacks).toEqual([
      { stage: 'plan', reason: 'quota' },
      { stage: 'synthesize', reason: 'quota' },
      { stage: 'related_questions', reason: 'quota' },
    ])
    expect(body.answer).toMatch(/\[1\]/)
    const statuses = packets.flatMap((p) => (p.type === 'status' ? [p.message] : []))
    expect(statuses.at(-1)).toMatch(/^Answer ready \(degraded: .*quota/)
    expect(statuses).not.toContain('Answer ready.')
  })
})
