// Paper chat against the scripted model server: the model's page citations are checked
// against the pages it was given (kept, corrected or removed), a user's own PDF is the
// source, and a provider out of quota degrades to the offline answer and starts the API cooldown.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sessionDeps } from '../answer/route-helpers'
import { scriptFake } from '../fakes/fake-llm'
import { scriptRetrieval } from '../fakes/script-retrieval'
import { createSession, type CreatedSession } from '../session/helpers'
import { papersEnv, pdfFixture, type PapersEnv } from './helpers'

const TITLE = 'Ultra light bosonic dark matter and CMB'
/** What the scripted provider reports for the answering call (no tokenizer gives these). */
const ANSWER_USAGE = { prompt_tokens: 4321, completion_tokens: 87 }

interface ChatBody {
  answer: string
  citations: { title: string; page: number; paper_id: string }[]
  sources: { title: string; page: number }[]
  abstained: boolean
  mode: string
  fallbacks: { stage: string; reason: string }[]
  citation_check: { corrected: number; removed: number }
}

async function sessionWithPaper(world: PapersEnv, marker: string): Promise<CreatedSession> {
  const session = await createSession()
  const form = new FormData()
  form.set('session_id', session.sessionId)
  form.set('title', TITLE)
  form.set('file', new File([await pdfFixture('grobid')], 'paper.pdf', { type: 'application/pdf' }))
  const res = await world.request('/api/papers/upload', {
    method: 'POST',
    token: session.token,
    body: form,
  })
  expect(res.status).toBe(201)
  expect((await res.json<{ paper: { status: string; pages: number } }>()).paper).toMatchObject({
    status: 'loaded',
    pages: 4,
  })
  // The marker routes only the answering step to the script: retrieval's own model calls
  // (variations, rerank) do not carry the session's system prompt.
  const settings = await world.request(`/api/sessions/${session.sessionId}/settings`, {
    method: 'PUT',
    token: session.token,
    json: { system_prompt: `Answer from the papers. ${marker}` },
  })
  expect(settings.status).toBe(200)
  return session
}

const ask = (world: PapersEnv, session: CreatedSession, message: string) =>
  world.request('/api/papers/chat', {
    method: 'POST',
    token: session.token,
    json: { session_id: session.sessionId, message },
  })

afterEach(() => vi.restoreAllMocks())

describe('paper chat with a model', () => {
  it('keeps real page citations, corrects a wrong page and removes an unknown paper', async () => {
    const world = papersEnv()
    await scriptRetrieval((await sessionDeps()).models)
    const fake = await scriptFake([
      {
        reply:
          `More cold dark matter diminishes the amplitude of the oscillations [${TITLE}, Page 3]. ` +
          `The mass-to-temperature ratio must be close to 10^5 [${TITLE}, Page 17]. ` +
          'Attention is all you need [Attention Is All You Need, Page 2].',
        usage: ANSWER_USAGE,
      },
    ])
    const session = await sessionWithPaper(world, fake.marker)
    const res = await ask(
      world,
      session,
      'How does cold dark matter change the CMB oscillation amplitude?',
    )
    expect(res.status).toBe(200)
    const body = await res.json<ChatBody>()
    expect(body.mode).toBe('online')
    expect(body.fallbacks).toEqual([])
    expect(body.abstained).toBe(false)
    const given = new Set(body.sources.map((s) => s.page))
    expect(body.citations.length).toBeGreaterThan(0)
    for (const c of body.citations) {
      expect(c.title).toBe(TITLE)
      expect(given.has(c.page)).toBe(true)
      expect(c.paper_id).toMatch(/^upload:/)
    }
    expect(body.answer).not.toContain('Page 17')
    expect(body.answer).not.toContain('Attention Is All You Need')
    expect(body.citation_check.removed).toBe(1)
    expect(body.citation_check.corrected).toBe(1)
    const [request] = await fake.requests()
    const prompt = JSON.stringify(request?.messages ?? [])
    expect(prompt).toContain(`[${TITLE}, Page`)
    // The session log has the answering call with its prompt, completion, the tokens the
    // provider reported and latency; the request's metrics sum its model calls.
    const log = await world.request(`/api/papers/${session.sessionId}/log`, {
      token: session.token,
    })
    const logged = await log.json<{
      api_calls_llm: Record<string, unknown>[]
      requests: Record<string, unknown>[]
    }>()
    const calls = logged.api_calls_llm
    const answer = calls.find((c) => c.purpose === 'answer')
    expect(answer).toMatchObject({ model: 'fake-main', mode: 'multi_paper_rag' })
    expect(answer?.prompt).toContain(`[${TITLE}, Page`)
    expect(answer?.completion).toContain('diminishes the amplitude')
    expect(answer).toMatchObject({
      prompt_tokens: ANSWER_USAGE.prompt_tokens,
      completion_tokens: ANSWER_USAGE.completion_tokens,
      tokens_from: 'provider',
    })
    expect(answer?.latency_ms).toBeGreaterThanOrEqual(0)
    const sum = (key: string) => calls.reduce((total, c) => total + Number(c[key]), 0)
    expect(logged.requests.at(-1)).toMatchObject({
      prompt_tokens: sum('prompt_tokens'),
      completion_tokens: sum('completion_tokens'),
      tokens_from: ['provider'],
    })
    expect(sum('prompt_tokens')).toBeGreaterThan(ANSWER_USAGE.prompt_tokens)
  })

  it('lets the model judge the pages: its "no relevant sources" reply abstains and is never shown', async () => {
    const world = papersEnv()
    await scriptRetrieval((await sessionDeps()).models)
    const fake = await scriptFake([{ reply: 'NO_RELEVANT_SOURCES' }])
    const session = await sessionWithPaper(world, fake.marker)
    // The pages share words with it ("dark matter"); the model, not word statistics, judges.
    const res = await ask(world, session, 'Does dark matter lower wheat crop yields in Kansas?')
    expect(res.status).toBe(200)
    const body = await res.json<ChatBody>()
    expect(body).toMatchObject({ abstained: true, citations: [], sources: [], mode: 'online' })
    expect(body.answer).toMatch(/^I could not find sources that address this question/)
    expect(body.answer).not.toContain('NO_RELEVANT_SOURCES')
    const [request] = await fake.requests()
    const prompt = JSON.stringify(request?.messages ?? [])
    expect(prompt).toContain(`[${TITLE}, Page`)
    expect(prompt).toContain('reply with exactly NO_RELEVANT_SOURCES')
    // The session log keeps what the model replied, though the reader never saw it.
    const log = await world.request(`/api/papers/${session.sessionId}/log`, {
      token: session.token,
    })
    const calls = (await log.json<{ api_calls_llm: Record<string, unknown>[] }>()).api_calls_llm
    expect(calls.find((c) => c.purpose === 'answer')?.completion).toBe('NO_RELEVANT_SOURCES')
  })

  it('answers 429 quota_exhausted when the provider is out of quota, then pauses chat for 30 minutes', async () => {
    const world = papersEnv()
    const quota = {
      status: 429,
      error: { message: 'You exceeded your current quota', code: 'insufficient_quota' },
    }
    const fake = await scriptFake([quota, quota, quota, quota])
    const session = await sessionWithPaper(world, fake.marker)
    const res = await ask(
      world,
      session,
      'How does cold dark matter change the CMB oscillation amplitude?',
    )
    expect(res.status).toBe(429)
    expect((await res.json<{ error: { code: string } }>()).error.code).toBe('quota_exhausted')
    const next = await ask(world, session, 'And the reionization depth?')
    expect(next.status).toBe(429)
    expect(Number(next.headers.get('Retry-After'))).toBe(1800)
    const body = await next.json<{ error: { details: { reason: string; minutes_left: number } } }>()
    expect(body.error.details).toMatchObject({ reason: 'api_cooldown', minutes_left: 30 })
  })
})
