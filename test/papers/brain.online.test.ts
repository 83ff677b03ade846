// Paper Brain's agent loop with the scripted model: it searches arXiv again with
// search_more_papers, queues numbered results with load_selected_papers and waits for the
// ingest queue to settle them (each paper's progress a status line, failures with the reason
// told to the model; a bad number comes back to the model as a tool error), and when the
// model fails it degrades to a keyword search that loads nothing.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { IngestMessage } from '../../workers/ingest'
import { sessionDeps } from '../answer/route-helpers'
import { scriptFake, type FakeStep } from '../fakes/fake-llm'
import { repeated } from '../faults/fault-cases'
import { runBatch } from '../ingest/helpers'
import { createSession, type CreatedSession } from '../session/helpers'
import { readSse } from '../stream/read-sse'
import { routeAnswersTo } from './chat-helpers'
import { papersEnv, useFixtureSources, type PapersEnv } from './helpers'

interface BrainBody {
  answer: string
  mode: string
  fallbacks: { stage: string; reason: string }[]
  searches: { query: string; arxiv_query: string }[]
  loaded: { id: string; title: string; status: string; pages: number; error?: string }[]
  results: { index: number; title: string; pdf_url: string }[]
}

const QUERY = 'how are deep learning models tested'
const pdfs = new Map<string, string>()
let world: PapersEnv
let restore: () => void
let hits: { index: number; title: string; pdf_url: string }[]

beforeAll(async () => {
  world = papersEnv(pdfs)
  restore = useFixtureSources(await sessionDeps(), pdfs)
  // The recorded feed ranks the same way for the same query: learn the numbers' PDF links.
  const probe = await createSession()
  const res = await world.request('/api/papers/search', {
    method: 'POST',
    token: probe.token,
    json: { session_id: probe.sessionId, query: QUERY },
  })
  hits = (await res.json<{ papers: typeof hits }>()).papers
  pdfs.set(hits[0]?.pdf_url ?? '', 'grobid')
  pdfs.set(hits[1]?.pdf_url ?? '', 'paperqa_pasa')
}, 60_000)
afterAll(() => restore())
afterEach(() => vi.restoreAllMocks())

/**
 * The session object's queue producer, recorded: its jobs then run through the real consumer
 * with this file's env, whose deps fetch the fixture PDFs (a job delivered in the background
 * would run with other deps, which reach no fixture).
 */
async function captureSessionQueue(): Promise<IngestMessage[]> {
  const deps = await sessionDeps()
  const sent: IngestMessage[] = []
  const accepted = { metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } }
  vi.spyOn(deps.ingestQueue, 'sendBatch').mockImplementation(async (messages) => {
    for (const m of messages) sent.push(m.body as IngestMessage)
    return accepted
  })
  return sent
}

/** Runs the agent's queued jobs once it has queued `count`, while its tool waits for them. */
async function runQueuedJobs(sent: IngestMessage[], count: number): Promise<void> {
  await vi.waitFor(() => expect(sent).toHaveLength(count), { timeout: 30_000, interval: 50 })
  await runBatch(
    sent.map((body) => ({ body })),
    { env: world.env },
  )
}

async function brainSession(steps: FakeStep[]): Promise<CreatedSession> {
  const fake = await scriptFake(steps)
  const session = await createSession()
  await routeAnswersTo(world, session, fake.marker)
  return session
}

const tell = (session: CreatedSession, message: string, headers: Record<string, string> = {}) =>
  world.request('/api/papers/brain', {
    method: 'POST',
    token: session.token,
    json: { session_id: session.sessionId, message },
    headers,
  })

/**
 * Routes the searches' own model call (the rewrite for arXiv, on the discovery or fast model;
 * its user message is the search query itself) to a script, instead of the fake's unscripted
 * reply. Returns the tool call step that searches for QUERY.
 */
async function searchCall(rewrite: FakeStep[] = [{ reply: 'deep learning model testing' }]) {
  const fake = await scriptFake(rewrite)
  const deps = await sessionDeps()
  const model = deps.discoveryModel ?? deps.models?.fast
  if (!model) throw new Error('searchCall needs the online models')
  const complete = model.complete.bind(model)
  vi.spyOn(model, 'complete').mockImplementation((request, signal) => {
    const last = request.messages.at(-1)
    if (request.jsonSchema || last?.role !== 'user' || last.content !== QUERY)
      return complete(request, signal)
    const messages = [{ role: 'system' as const, content: fake.marker }, ...request.messages]
    return complete({ ...request, messages }, signal)
  })
  return {
    query: QUERY,
    step: { toolCalls: [{ name: 'search_more_papers', arguments: { query: QUERY } }] },
  }
}

const escape = (text = '') => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

describe('Paper Brain with a model', () => {
  it('searches again and loads the numbered results it was asked for', async () => {
    const search = await searchCall()
    const session = await brainSession([
      search.step,
      { toolCalls: [{ name: 'load_selected_papers', arguments: { indices: [1, 2] } }] },
      { reply: 'I searched arXiv and loaded papers 1 and 2; you can now ask about them.' },
    ])
    const sent = await captureSessionQueue()
    const reply = tell(session, 'Find papers on testing deep learning and load the top two', {
      Accept: 'text/event-stream',
    }).then(async (res) => ({ status: res.status, packets: await readSse(res) }))
    await runQueuedJobs(sent, 2)
    const res = await reply
    expect(res.status).toBe(200)
    const packets = res.packets
    const statuses = packets.flatMap((p) => (p.type === 'status' ? [p.message] : []))
    expect(statuses.some((m) => m.startsWith('Searching arXiv for'))).toBe(true)
    const first = statuses.filter((m) => m.startsWith(`${hits[0]?.title}: `))
    expect(first[0]).toBe(`${hits[0]?.title}: queued`)
    expect(first.at(-1)).toBe(`${hits[0]?.title}: loaded (4 pages)`)
    const done = packets.at(-1)
    const body = (done?.type === 'done' ? done.result : null) as BrainBody | null
    expect(body?.mode).toBe('online')
    expect(body?.fallbacks).toEqual([])
    expect(body?.searches).toEqual([
      expect.objectContaining({ query: search.query, arxiv_query: 'deep learning model testing' }),
    ])
    expect(body?.loaded.map((p) => [p.title, p.status])).toEqual([
      [hits[0]?.title, 'loaded'],
      [hits[1]?.title, 'loaded'],
    ])
    expect(body?.answer).toMatch(/loaded papers 1 and 2/)
    const list = await world.request(`/api/papers/${session.sessionId}`, { token: session.token })
    const listed = await list.json<{
      papers: { status: string }[]
      quota: { search: { used: number }; brain: { used: number } }
    }>()
    expect(listed.papers.map((p) => p.status)).toEqual(['loaded', 'loaded'])
    expect(listed.quota.search.used).toBe(1)
    expect(listed.quota.brain.used).toBe(1)
  })

  it('tells the model which papers loaded (pages) and which failed (the reason)', async () => {
    const search = await searchCall()
    const fake = await scriptFake([
      search.step,
      { toolCalls: [{ name: 'load_selected_papers', arguments: { indices: [1, 3] } }] },
      { reply: 'Paper 1 is loaded; paper 3 could not be fetched.' },
    ])
    const session = await createSession()
    await routeAnswersTo(world, session, fake.marker)
    const sent = await captureSessionQueue()
    const reply = tell(session, 'Load papers 1 and 3').then((res) => res.json<BrainBody>())
    await runQueuedJobs(sent, 2)
    const body = await reply
    expect(body).toMatchObject({ mode: 'online', fallbacks: [] })
    expect(body.loaded.map((p) => p.status)).toEqual(['loaded', 'failed'])
    expect(body.loaded[1]?.error).toMatch(/404/)
    const [, , third] = await fake.requests()
    const told = JSON.stringify(third?.messages ?? [])
    expect(told).toContain(`${hits[0]?.title}: loaded (4 pages)`)
    expect(told).toMatch(new RegExp(`${escape(hits[2]?.title)}: failed: [^"]*404`))
  })

  it('hands a number that is not in the results back to the model as a tool error', async () => {
    const fake = await scriptFake([
      { toolCalls: [{ name: 'load_selected_papers', arguments: { indices: [3] } }] },
      { reply: 'There are no results yet; search first.' },
    ])
    const session = await createSession()
    await routeAnswersTo(world, session, fake.marker)
    const res = await tell(session, 'Load paper 3')
    expect(res.status).toBe(200)
    const body = await res.json<BrainBody>()
    expect(body).toMatchObject({ mode: 'online', fallbacks: [] })
    expect(body.loaded).toEqual([])
    expect(body.answer).toMatch(/search first/)
    const [, second] = await fake.requests()
    expect(JSON.stringify(second?.messages ?? [])).toMatch(/No search result numbered 3/)
  })

  it('is degraded, naming the rewrite, when its search fell back to keywords', async () => {
    const search = await searchCall(
      repeated({ status: 500, error: { message: 'rewrite exploded' } }),
    )
    const session = await brainSession([
      search.step,
      { reply: 'I searched arXiv; say which papers to load.' },
    ])
    const res = await tell(session, 'Find papers on testing deep learning')
    expect(res.status).toBe(200)
    const body = await res.json<BrainBody>()
    expect(body.mode).toBe('degraded')
    expect(body.fallbacks.map((f) => f.stage)).toEqual(['query_rewrite'])
    expect(body.fallbacks[0]?.reason).toMatch(/rewrite exploded/)
    expect(body.answer).toMatch(/say which papers to load/)
  })

  it('degrades to a keyword search that loads nothing when the model fails', async () => {
    const session = await brainSession(
      repeated({ status: 500, error: { message: 'upstream exploded', type: 'server_error' } }),
    )
    const res = await tell(session, QUERY)
    expect(res.status).toBe(200)
    const body = await res.json<BrainBody>()
    expect(body.mode).toBe('degraded')
    expect(body.fallbacks[0]).toMatchObject({ stage: 'brain' })
    expect(body.fallbacks[0]?.reason).toMatch(/model error/)
    expect(body.answer).toMatch(/^Degraded \(the language model failed/)
    expect(body.searches).toHaveLength(1)
    expect(body.results).toHaveLength(10)
    expect(body.loaded).toEqual([])
  })
})
