// POST /api/papers/load streamed (SSE, text/plain): after queueing, each paper's progress comes
// as status packets in order (queued, loading, loaded | failed with the reason), then `done`
// with the records; without a stream request the route still answers 202 JSON.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { makeDeps } from '../../workers/deps'
import type { SafeFetch } from '../../workers/sources'
import type { Packet } from '../../workers/stream'
import { captureQueue, runBatch, type BatchOutcome } from '../ingest/helpers'
import { createSession, type CreatedSession } from '../session/helpers'
import { readSse } from '../stream/read-sse'
import { papersEnv, type PaperRow, type PapersEnv } from './helpers'

interface Hit {
  title: string
  pdf_url: string
}

const pdfs = new Map<string, string>()
let world: PapersEnv
let hits: Hit[]

async function searchedSession(): Promise<CreatedSession> {
  const session = await createSession()
  const res = await world.request('/api/papers/search', {
    method: 'POST',
    token: session.token,
    json: { session_id: session.sessionId, query: 'testing deep learning' },
  })
  hits = (await res.json<{ papers: Hit[] }>()).papers
  return session
}

beforeAll(async () => {
  world = papersEnv(pdfs)
  await searchedSession()
  pdfs.set(hits[0]?.pdf_url ?? '', 'grobid')
}, 60_000)

afterEach(() => vi.restoreAllMocks())

/**
 * Holds each PDF fetch until the test lets that URL through, so a paper stays `loading` until
 * the stream has shown it (the consumer is otherwise faster than one poll).
 */
function gatedFetch() {
  const deps = makeDeps(world.env)
  const real: SafeFetch = deps.safeFetch
  const gates = new Map<string, () => void>()
  const opened = new Set<string>()
  vi.spyOn(deps, 'safeFetch').mockImplementation(async (url, ...rest) => {
    if (!opened.has(url)) await new Promise<void>((resolve) => gates.set(url, resolve))
    return real(url, ...rest)
  })
  return (url: string) => {
    opened.add(url)
    gates.get(url)?.()
  }
}

const load = (session: CreatedSession, indices: number[], accept?: string) =>
  world.request('/api/papers/load', {
    method: 'POST',
    token: session.token,
    json: { session_id: session.sessionId, indices },
    ...(accept ? { headers: { Accept: accept } } : {}),
  })

const statusOf = (packet: Packet) => (packet.type === 'status' ? packet.message : null)

describe('POST /api/papers/load streamed', () => {
  it('streams queued, loading, loaded per paper in order, a failure with its reason, then the records', async () => {
    const session = await searchedSession()
    const sent = captureQueue()
    const open = gatedFetch()
    const [first, second] = hits
    let batch: Promise<BatchOutcome> | undefined
    const res = await load(session, [1, 2], 'text/event-stream')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toMatch(/text\/event-stream/)
    const packets = await readSse(res, (packet) => {
      const message = statusOf(packet) ?? ''
      // Both queued: the consumer may start; each paper's fetch waits until its loading shows.
      if (message === `${second?.title}: queued`) {
        batch = runBatch(
          sent.map((body) => ({ body })),
          { env: world.env },
        )
      }
      for (const hit of hits.slice(0, 2)) {
        if (message === `${hit.title}: loading`) open(hit.pdf_url)
      }
    })
    await batch
    const lines = packets.flatMap((p) => statusOf(p) ?? [])
    const linesOf = (title = '') => lines.filter((m) => m.startsWith(`${title}: `))
    expect(linesOf(first?.title)).toEqual([
      `${first?.title}: queued`,
      `${first?.title}: loading`,
      `${first?.title}: loaded (4 pages)`,
    ])
    const [queued, loading, failed] = linesOf(second?.title)
    expect([queued, loading]).toEqual([`${second?.title}: queued`, `${second?.title}: loading`])
    expect(failed).toMatch(/: failed: .*404/)
    const failure = packets.find((p) => statusOf(p) === failed)
    expect(failure).toMatchObject({ step: 'load', phase: 'error' })
    const done = packets.at(-1)
    expect(done?.type).toBe('done')
    const result = (done?.type === 'done' ? done.result : null) as {
      papers: PaperRow[]
      jobs: unknown[]
      settled: boolean
    } | null
    expect(result?.settled).toBe(true)
    expect(result?.jobs).toHaveLength(2)
    expect(result?.papers.map((p) => [p.title, p.status])).toEqual([
      [first?.title, 'loaded'],
      [second?.title, 'failed'],
    ])
    expect(result?.papers[1]?.error).toMatch(/404/)
  }, 60_000)

  it('streams [[STATUS]] lines and a last [[DONE]] line with the records as text/plain', async () => {
    const session = await searchedSession()
    const sent = captureQueue()
    const res = await load(session, [3], 'text/plain')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toMatch(/text\/plain/)
    // The job runs once the stream has started; a PDF link not in the fixtures 404s.
    await runBatch(
      sent.map((body) => ({ body })),
      { env: world.env },
    )
    const lines = (await res.text()).trim().split('\n')
    expect(lines[0]).toBe(`[[STATUS]] ${hits[2]?.title}: queued`)
    expect(lines.at(-2)).toMatch(/^\[\[STATUS\]\] .*: failed: .*404/)
    const last = lines.at(-1) ?? ''
    expect(last.startsWith('[[DONE]] ')).toBe(true)
    const result = JSON.parse(last.slice('[[DONE]] '.length)) as { papers: PaperRow[] }
    expect(result.papers.map((p) => p.status)).toEqual(['failed'])
  }, 60_000)

  it('answers 202 with the queued records as JSON when no stream is asked for', async () => {
    const session = await searchedSession()
    const sent = captureQueue()
    const res = await load(session, [1], 'application/json')
    expect(res.status).toBe(202)
    expect(res.headers.get('Content-Type')).toMatch(/application\/json/)
    const body = await res.json<{ papers: PaperRow[]; jobs: { job_id: string }[] }>()
    expect(body.papers.map((p) => [p.title, p.status])).toEqual([[hits[0]?.title, 'queued']])
    expect(body.jobs).toHaveLength(1)
    expect(sent).toHaveLength(1)
  })
})
