// /api/ask (and /v1) when the model fails after its first words, when it is slow, and when the
// search mode asked for cannot be served: one answer per stream (a `replace` packet withdraws
// the partial text), and every fallback listed with `mode`.
import { createExecutionContext, env } from 'cloudflare:test'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { answerQuestion } from '../../workers/answer'
import { toAnswerDeps } from '../../workers/answer/answer-deps'
import { app } from '../../workers/app'
import { makeDeps } from '../../workers/deps'
import { decodeTextPlain, type PacketBody } from '../../workers/stream'
import { scriptFake, type FakeStep } from '../fakes/fake-llm'
import { ProviderError } from '../../workers/errors'
import { ask, readSse, sessionDeps, type AskBody } from './route-helpers'
import { seedCorpus } from './seeded-corpus'
import { completionRequest, readChunks } from './v1-helpers'

/** A model reply cut off (an upstream error event) after its first chunks were streamed. */
const failsMidAnswer: FakeStep = {
  reply: 'Vitamin D supplementation raised lumbar bone density [1] and children gained too [2].',
  chunks: 8,
  chunkDelayMs: 10,
  fault: { kind: 'error-event', afterChunks: 5, status: 500 },
}
const related: FakeStep = { json: { questions: ['What else?'] } }
const question = (marker: string) =>
  `Does vitamin D supplementation improve bone mineral density? ${marker}`
const FAILED_MID_ANSWER = [{ stage: 'synthesize', reason: 'model error' }]

/** The final text's markers all name a listed source, and every cited source is marked. */
function expectCitationsAgree(body: Pick<AskBody, 'answer' | 'sources'>): void {
  const markers = [...body.answer.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]))
  expect(markers.length).toBeGreaterThan(0)
  for (const n of markers) expect(body.sources[n - 1]?.cited).toBe(true)
  const cited = body.sources.filter((s) => s.cited).map((s) => s.number)
  expect(new Set(markers)).toEqual(new Set(cited))
}

beforeAll(seedCorpus)

afterEach(() => {
  vi.restoreAllMocks()
})

describe('a model failing after its first words', () => {
  it('SSE: a replace packet withdraws the partial text; what follows is the final answer', async () => {
    const fake = await scriptFake([failsMidAnswer, related])
    const packets = await readSse(
      await ask({ query: question(fake.marker) }, { accept: 'text/event-stream' }),
    )
    const replace = packets.findIndex((p) => p.type === 'replace')
    const firstToken = packets.findIndex((p) => p.type === 'token')
    expect(firstToken).toBeGreaterThanOrEqual(0)
    expect(replace).toBeGreaterThan(firstToken)
    const after = packets.slice(replace + 1)
    const text = after.flatMap((p) => (p.type === 'token' ? [p.text] : [])).join('')
    const body = (packets.at(-1) as { result: AskBody }).result
    expect(body).toMatchObject({ mode: 'degraded', fallbacks: FAILED_MID_ANSWER, model: null })
    expect(text).toBe(body.answer)
    expect(body.answer).not.toMatch(/children gained/)
    expectCitationsAgree(body)
  })

  it('text/plain: a [[REPLACE]] line, then the final answer and nothing else', async () => {
    const fake = await scriptFake([failsMidAnswer, related])
    const res = await ask({ query: question(fake.marker) }, { accept: 'text/plain' })
    const events = decodeTextPlain(await res.text())
    const replace = events.findIndex((e) => e.type === 'replace')
    expect(replace).toBeGreaterThan(events.findIndex((e) => e.type === 'text'))
    const text = events
      .slice(replace + 1)
      .flatMap((e) => (e.type === 'text' ? [e.text] : []))
      .join('')
    const done = events.at(-1)
    const body = (done?.type === 'done' ? done.result : null) as AskBody
    expect(body).toMatchObject({ mode: 'degraded', fallbacks: FAILED_MID_ANSWER })
    expect(text.trim()).toBe(body.answer)
    expectCitationsAgree(body)
  })

  it('/v1 stream: the withdrawal is a delta plain clients read, and quire.replace', async () => {
    const fake = await scriptFake([failsMidAnswer, related])
    const messages = [{ role: 'user', content: question(fake.marker) }]
    const res = await app.fetch(
      new Request(
        'http://quire.test/v1/chat/completions',
        completionRequest({ model: 'quire-answer', stream: true, messages }),
      ),
      env,
      createExecutionContext(),
    )
    const chunks = await readChunks(res)
    const replace = chunks.findIndex((c) => (c.quire as { replace?: unknown })?.replace)
    expect(replace).toBeGreaterThan(0)
    const delta = (c: Record<string, unknown>) =>
      (c.choices as { delta: { content?: string } }[])[0]?.delta.content ?? ''
    expect(delta(chunks[replace] as Record<string, unknown>)).toMatch(/withdrawn/)
    const final = chunks.at(-1) as {
      citations: string[]
      quire: { mode: string; fallbacks: unknown }
    }
    expect(final.quire).toMatchObject({ mode: 'degraded', fallbacks: FAILED_MID_ANSWER })
    const answer = chunks
      .slice(replace + 1)
      .map(delta)
      .join('')
    const markers = [...answer.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]))
    expect(markers.length).toBeGreaterThan(0)
    expect(Math.max(...markers)).toBeLessThanOrEqual(final.citations.length)
  })
})

describe('a slow model', () => {
  it('still answers: the search deadline covers search alone, never the model', async () => {
    const slow = 600
    const fake = await scriptFake([
      {
        json: { query: 'vitamin D bone density children', task: 'qa', variations: [] },
        delayMs: slow,
      },
      { reply: 'Forearm bone mineral content rose [1].', delayMs: slow },
      related,
    ])
    const packets: PacketBody[] = []
    const deps = {
      ...toAnswerDeps(makeDeps(env), (p) => packets.push(p)),
      // Shorter than each model call: a model call inside search would time it out.
      timeouts: { searchMs: slow / 3 },
    }
    const history = [
      { role: 'user' as const, content: 'Does vitamin D improve bone density?' },
      { role: 'assistant' as const, content: 'It raised bone density in older adults.' },
    ]
    const request = {
      sessionId: 'slow-model',
      query: `What about in children? ${fake.marker}`,
      options: {},
      history,
    }
    const payload = await answerQuestion(request, deps, env.DB, new AbortController().signal)
    expect(payload).toMatchObject({
      mode: 'online',
      fallbacks: [],
      abstained: false,
      answer: 'Forearm bone mineral content rose [1].',
    })
    expect(payload.search_error).toBeUndefined()
  })
})

describe('search modes that cannot be served as asked', () => {
  it('academic: arXiv and Crossref unreachable, the library answers and both are listed', async () => {
    const { scholarly } = await sessionDeps()
    const down = (name: string) => new ProviderError(name, `${name} could not be reached`)
    vi.spyOn(scholarly.arxiv, 'search').mockRejectedValue(down('arxiv'))
    vi.spyOn(scholarly.crossref, 'search').mockRejectedValue(down('crossref'))
    const fake = await scriptFake([{ reply: 'Bone density rose [1].' }, related])
    const body = (await (
      await ask({ query: question(fake.marker), search_mode: 'academic' })
    ).json()) as AskBody
    expect(body).toMatchObject({
      abstained: false,
      mode: 'degraded',
      fallbacks: [
        { stage: 'search.arxiv', reason: 'arxiv could not be reached; left out' },
        { stage: 'search.crossref', reason: 'crossref could not be reached; left out' },
      ],
    })
    expect(body.search_error).toBeUndefined()
    expect(body.sources[0]?.title).toMatch(/^Vitamin D/)
  })

  it('web without a configured provider: says so in fallbacks and answers from the library', async () => {
    const fake = await scriptFake([{ reply: 'Bone density rose [1].' }, related])
    const body = (await (
      await ask({ query: question(fake.marker), search_mode: 'web' })
    ).json()) as AskBody
    expect(body).toMatchObject({
      abstained: false,
      mode: 'degraded',
      fallbacks: [
        {
          stage: 'search.web',
          reason: 'no web search provider is configured; searched the library instead',
        },
      ],
    })
  })
})
