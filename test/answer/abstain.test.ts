// Abstention and small talk, offline: off-topic questions and greetings through /api/ask and
// /v1 get a short honest reply that cites nothing, and nothing is cached.
import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { app } from '../../workers/app'
import { makeDeps } from '../../workers/deps'
import { ProviderError } from '../../workers/errors'
import { aResult } from './builders'
import { ask, readSse, scriptSearch } from './route-helpers'
import { completionRequest, readChunks } from './v1-helpers'

// What a biomedical corpus returns for a sports question: confident-looking but off-topic.
const offTopic = [
  aResult(1, {
    title: 'Cancer statistics, 2018',
    domain: 'wiley.com',
    snippet: 'Each year the American Cancer Society estimates new cancer cases and deaths.',
  }),
  aResult(2, {
    title: 'Genome-wide association of breast cancer risk',
    domain: 'nature.com',
    snippet: 'Common variants at several loci are associated with breast cancer susceptibility.',
  }),
]
const sportsQuestion = 'Who won the 2018 World Cup?'

interface AskBody {
  answer: string
  sources: unknown[]
  related_questions: string[]
  abstained: boolean
  reason?: string
  mode: string
  fallbacks: unknown[]
  cached: boolean
  model: string | null
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('/api/ask abstains when the sources do not cover the question', () => {
  it('says so briefly, cites nothing, suggests nothing and explains why', async () => {
    await scriptSearch(offTopic)
    const body = (await (await ask({ query: sportsQuestion })).json()) as AskBody
    expect(body).toMatchObject({
      abstained: true,
      sources: [],
      related_questions: [],
      mode: 'offline',
      fallbacks: [],
      model: null,
    })
    expect(body.reason).toMatch(/\S/)
    expect(body.answer).toMatch(/do not cover this question/)
    expect(body.answer).not.toMatch(/\[\d+\]|cancer/i)
  })

  it('does not cache an abstention', async () => {
    const search = await scriptSearch(offTopic)
    await ask({ query: 'Who won the 2014 World Cup final?' })
    const again = (await (
      await ask({ query: 'Who won the 2014 World Cup final?' })
    ).json()) as AskBody
    expect(again.cached).toBe(false)
    expect(search).toHaveBeenCalledTimes(2)
  })

  it('streams no citation and an empty sources packet', async () => {
    await scriptSearch(offTopic)
    const packets = await readSse(
      await ask({ query: sportsQuestion }, { accept: 'text/event-stream' }),
    )
    expect(packets.some((p) => p.type === 'citation')).toBe(false)
    const sources = packets.filter((p) => p.type === 'sources')
    expect(sources.at(-1)).toMatchObject({ sources: [] })
    const statuses = packets.flatMap((p) => (p.type === 'status' ? [p.message] : []))
    expect(statuses.join('\n')).not.toMatch(/Synthesizing|Adding visuals|Evaluating credibility/)
  })
})

describe('/api/ask small talk', () => {
  it('answers a greeting briefly without searching', async () => {
    const search = await scriptSearch(offTopic)
    const body = (await (await ask({ query: 'hi' })).json()) as AskBody
    expect(body).toMatchObject({ abstained: false, sources: [], related_questions: [] })
    expect(body.answer).toMatch(/^Hello/)
    expect(search).not.toHaveBeenCalled()
  })
})

describe('/v1/chat/completions abstains the same way', () => {
  function scriptV1Search() {
    const deps = makeDeps(env)
    vi.spyOn(deps, 'safeFetch').mockRejectedValue(new ProviderError('fetch', 'no pages'))
    return vi.spyOn(deps.webSearch, 'search').mockResolvedValue(offTopic)
  }

  it('answers the same text with citations: [] and says so in quire', async () => {
    scriptV1Search()
    const res = await app.request(
      '/v1/chat/completions',
      completionRequest({ model: 'sonar', messages: [{ role: 'user', content: sportsQuestion }] }),
      env,
    )
    const body = (await res.json()) as {
      choices: { message: { content: string } }[]
      citations: string[]
      quire: { mode: string; abstained: boolean; reason?: string; fallbacks: unknown[] }
    }
    expect(body.choices[0]?.message.content).toMatch(/do not cover this question/)
    expect(body.citations).toEqual([])
    expect(body.quire).toMatchObject({ mode: 'offline', abstained: true, fallbacks: [] })
    expect(body.quire.reason).toMatch(/\S/)
  })

  it('streams the abstention with empty citations and quire on the final chunk', async () => {
    scriptV1Search()
    const res = await app.request(
      '/v1/chat/completions',
      completionRequest({
        model: 'sonar',
        stream: true,
        messages: [{ role: 'user', content: sportsQuestion }],
      }),
      env,
    )
    const chunks = await readChunks(res)
    const last = chunks.at(-1) as { citations?: string[]; quire?: { abstained: boolean } }
    expect(last.citations).toEqual([])
    expect(last.quire).toMatchObject({ abstained: true })
  })

  it('answers a greeting without searching', async () => {
    const search = scriptV1Search()
    const res = await app.request(
      '/v1/chat/completions',
      completionRequest({ model: 'sonar', messages: [{ role: 'user', content: 'thanks!' }] }),
      env,
    )
    const body = (await res.json()) as { choices: { message: { content: string } }[] }
    expect(body.choices[0]?.message.content).toMatch(/\S/)
    expect(search).not.toHaveBeenCalled()
  })
})
