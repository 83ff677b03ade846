// Paper Brain's semantic rewrite against the scripted model server: the fast model's search
// words go to arXiv; a title is searched verbatim without asking the model; a failing model
// falls back to the keywords and the search says it is degraded; the log keeps the call.
import { describe, expect, it } from 'vitest'
import { scriptFake } from '../fakes/fake-llm'
import { createSession } from '../session/helpers'
import { papersEnv } from './helpers'

interface SearchBody {
  arxiv_query: string
  query_kind: string
  mode: string
  fallbacks: { stage: string; reason: string }[]
  papers: unknown[]
}

async function search(query: string) {
  const world = papersEnv()
  const session = await createSession()
  const res = await world.request('/api/papers/search', {
    method: 'POST',
    token: session.token,
    json: { session_id: session.sessionId, query },
  })
  expect(res.status).toBe(200)
  const lastUrl = decodeURIComponent(world.arxivUrls.at(-1) ?? '').replace(/\+/g, ' ')
  return { world, session, body: await res.json<SearchBody>(), lastUrl }
}

describe('paper search with a model', () => {
  it("sends the fast model's search words to arXiv and logs the call", async () => {
    const fake = await scriptFake([
      { reply: 'Query: deep neural network testing coverage criteria' },
    ])
    const { world, session, body, lastUrl } = await search(
      `how do people check that deep nets behave correctly ${fake.marker}`,
    )
    expect(body).toMatchObject({
      query_kind: 'semantic',
      mode: 'online',
      fallbacks: [],
      arxiv_query: 'deep neural network testing coverage criteria',
    })
    // The arXiv client turns free words into its own field syntax (all:word OR ...).
    for (const word of ['neural', 'coverage', 'criteria']) expect(lastUrl).toContain(`all:${word}`)
    const [request] = await fake.requests()
    expect(request?.body.model).toBe('fake-fast')
    const log = await world.request(`/api/papers/${session.sessionId}/log`, {
      token: session.token,
    })
    const calls = (await log.json<{ api_calls_llm: Record<string, unknown>[] }>()).api_calls_llm
    expect(calls[0]).toMatchObject({ purpose: 'query_rewrite', mode: 'paper_brain' })
    expect(calls[0]?.completion).toContain('deep neural network')
  })

  it('searches a title verbatim without asking the model', async () => {
    const fake = await scriptFake([{ reply: 'should not be used' }])
    const { body, lastUrl } = await search('Ultra Light Bosonic Dark Matter and CMB')
    expect(body.query_kind).toBe('title')
    expect(lastUrl).toContain('search_query=ti:"Ultra Light Bosonic Dark Matter and CMB"')
    expect(await fake.requests()).toEqual([])
  })

  it('falls back to keywords, labelled degraded, when the model fails', async () => {
    const fake = await scriptFake([
      { status: 500, error: { message: 'upstream broke' } },
      { status: 500, error: { message: 'upstream broke' } },
      { status: 500, error: { message: 'upstream broke' } },
    ])
    const { body } = await search(`how are deep learning models tested ${fake.marker}`)
    expect(body.mode).toBe('degraded')
    expect(body.query_kind).toBe('keywords')
    expect(body.fallbacks[0]?.stage).toBe('query_rewrite')
    expect(body.arxiv_query.split(' ')).toContain('deep')
    expect(body.papers).toHaveLength(10)
  })

  it('starts the API cooldown when every key is out of quota, and still answers with keywords', async () => {
    const quota = {
      status: 429,
      error: { message: 'You exceeded your current quota', code: 'insufficient_quota' },
    }
    const fake = await scriptFake([quota, quota, quota, quota])
    const { world, session, body } = await search(
      `how are deep learning models tested ${fake.marker}`,
    )
    expect(body).toMatchObject({
      mode: 'degraded',
      query_kind: 'keywords',
      provider_exhausted: true,
    })
    const next = await world.request('/api/papers/search', {
      method: 'POST',
      token: session.token,
      json: { session_id: session.sessionId, query: 'graph neural networks' },
    })
    expect(next.status).toBe(429)
    expect(Number(next.headers.get('Retry-After'))).toBe(1800)
  })
})
