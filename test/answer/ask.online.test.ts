// /api/ask with a model over a seeded knowledge base: the shipped corpus search (no scripted
// provider), SessionDO hosting the run, the openai-compatible adapter talking to the scripted
// fake. A first question makes one model call (the answer) before its first word; a follow-up
// makes the rewrite first; the model judges relevance through its sentinel.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Packet } from '../../workers/stream'
import { scriptFake, type FakeStep } from '../fakes/fake-llm'
import { ask, bearer, readSse, sessionDeps, type AskBody } from './route-helpers'
import { seedCorpus } from './seeded-corpus'

const related: FakeStep = { json: { questions: ['What else affects bone density?'] } }
const answer = (text: string): FakeStep => ({ reply: text, chunks: 6 })
const rewrite = (query: string): FakeStep => ({ json: { query, task: 'qa', variations: [] } })

const resultOf = (packets: Packet[]) => (packets.at(-1) as { result: AskBody }).result
const firstIndex = (packets: Packet[], type: Packet['type']) =>
  packets.findIndex((p) => p.type === type)

beforeAll(seedCorpus)

afterEach(() => {
  vi.restoreAllMocks()
})

describe('/api/ask with a model, over the knowledge base', () => {
  it('answers a first question with one model call (the answer) before its first word', async () => {
    const fake = await scriptFake([
      answer('Daily vitamin D raised lumbar bone density by 1.2% [1].'),
      related,
    ])
    const res = await ask(
      { query: `Does vitamin D supplementation improve bone density? ${fake.marker}` },
      { accept: 'text/event-stream' },
    )
    const packets = await readSse(res)
    expect(firstIndex(packets, 'sources')).toBeGreaterThanOrEqual(0)
    expect(firstIndex(packets, 'sources')).toBeLessThan(firstIndex(packets, 'token'))
    const body = resultOf(packets)
    expect(body).toMatchObject({
      mode: 'online',
      fallbacks: [],
      model: 'fake-main',
      abstained: false,
      answer: 'Daily vitamin D raised lumbar bone density by 1.2% [1].',
      related_questions: ['What else affects bone density?'],
    })
    expect(body.sources[0]?.title).toMatch(/^Vitamin D/)
    const calls = await fake.requests()
    // The answer is the first call; related questions come after it.
    expect(calls.map((c) => [c.body.model, c.body.stream === true])).toEqual([
      ['fake-main', true],
      ['fake-fast', false],
    ])
    const prompt = calls[0]?.messages.at(-1)?.content ?? ''
    expect(prompt).toContain('bone mineral density')
  })

  it('rewrites a follow-up with one fast call, then answers from the rewritten search', async () => {
    const fake = await scriptFake([
      answer('Vitamin D raised bone density in older adults [1].'),
      related,
      rewrite('vitamin D supplementation bone mineral content children'),
      answer('In children it raised forearm bone mineral content [1].'),
      related,
    ])
    const first = (await (
      await ask({ query: `Does vitamin D improve bone density? ${fake.marker}` })
    ).json()) as AskBody
    const followUp = {
      query: `What about in children? ${fake.marker}`,
      session_id: first.session_id,
    }
    const res = await ask(followUp, { ...bearer(first.token ?? ''), accept: 'text/event-stream' })
    const body = resultOf(await readSse(res))
    expect(body).toMatchObject({
      mode: 'online',
      fallbacks: [],
      abstained: false,
      search_query: 'vitamin D supplementation bone mineral content children',
      answer: 'In children it raised forearm bone mineral content [1].',
    })
    expect(body.sources[0]?.title).toBe('Vitamin D and bone growth in children')
    const calls = (await fake.requests()).slice(2)
    expect(calls.map((c) => [c.body.model, c.body.stream === true])).toEqual([
      ['fake-fast', false],
      ['fake-main', true],
      ['fake-fast', false],
    ])
    const planning = calls[0]?.messages.at(-1)?.content ?? ''
    expect(planning).toContain('Does vitamin D improve bone density?')
    expect(planning).toContain('What about in children?')
  })

  it('lets the model judge: its sentinel abstains, showing no text and no sources', async () => {
    const fake = await scriptFake([answer('NO_RELEVANT_SOURCES')])
    const res = await ask(
      { query: `Does vitamin D cure the common cold? ${fake.marker}` },
      { accept: 'text/event-stream' },
    )
    const packets = await readSse(res)
    const body = resultOf(packets)
    expect(body).toMatchObject({
      abstained: true,
      sources: [],
      related_questions: [],
      mode: 'online',
      fallbacks: [],
      model: 'fake-main',
    })
    expect(body.answer).toMatch(/do not cover this question/)
    const streamed = packets.flatMap((p) => (p.type === 'token' ? [p.text] : [])).join('')
    expect(streamed).not.toMatch(/NO_RELEVANT/)
    const lastSources = packets.findLast((p) => p.type === 'sources')
    expect(lastSources).toMatchObject({ sources: [] })
    expect(await fake.requests()).toHaveLength(1)
  })

  it('abstains without any model call when no result mentions any word of the question', async () => {
    const fake = await scriptFake([])
    const body = (await (
      await ask({ query: `Who won the football tournament in Qatar? ${fake.marker}` })
    ).json()) as AskBody
    expect(body).toMatchObject({ abstained: true, sources: [], mode: 'online', fallbacks: [] })
    expect(await fake.requests()).toHaveLength(0)
  })

  it('lists a retrieval stage that fell back (a semantic embedder down), marked degraded', async () => {
    const deps = await sessionDeps()
    // As with a semantic embedder configured (its list counts in fusion), which is down.
    const embedder = deps.embedder as { lexical?: boolean }
    const lexical = embedder.lexical
    embedder.lexical = false
    vi.spyOn(deps.embedder, 'embed').mockRejectedValue(new Error('embedder down'))
    try {
      const fake = await scriptFake([answer('Vitamin D raised bone density [1].'), related])
      const body = (await (
        await ask({ query: `Does vitamin D improve bone mineral density? ${fake.marker}` })
      ).json()) as AskBody
      expect(body).toMatchObject({
        abstained: false,
        mode: 'degraded',
        fallbacks: [{ stage: 'retrieval.vector', reason: 'failed; searched without it' }],
      })
    } finally {
      embedder.lexical = lexical
    }
  })
})
