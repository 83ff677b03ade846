import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import feed from '../fixtures/arxiv/id_1605.08386_s0_m100_199195aa31ad.xml?raw'
import { jobStatus, queueJob, runBatch } from './helpers'

afterEach(() => vi.restoreAllMocks())

const urlOf = (input: RequestInfo | URL) => (input instanceof Request ? input.url : String(input))

/** Crossref answers 503 with a Retry-After beyond the client's patience: it gives up at once. */
function crossrefUnavailable() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (!urlOf(input).startsWith('https://api.crossref.org/'))
      throw new Error(`unexpected fetch ${urlOf(input)}`)
    return new Response('Service Unavailable', { status: 503, headers: { 'retry-after': '600' } })
  })
}

describe('arXiv jobs', () => {
  it('indexes the papers of a recorded arXiv look-up', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      return new Response(feed, { headers: { 'content-type': 'application/atom+xml' } })
    })
    const { jobId, message } = await queueJob({ type: 'arxiv_ids', ids: ['1605.08386'] })
    const result = await runBatch([{ body: message }])
    expect(result.explicitAcks).toHaveLength(1)
    expect(urlOf(fetchSpy.mock.calls[0]?.[0] ?? '')).toContain('id_list=1605.08386')
    const status = await jobStatus(jobId)
    expect(status).toMatchObject({ status: 'done', counts: { sources: 1, documents: 1 } })
    expect(status.counts.chunks).toBeGreaterThan(0)
    const source = await env.DB.prepare(
      `select title from sources where kind = 'arxiv' and external_id = ?`,
    )
      .bind('1605.08386')
      .first<{ title: string }>()
    expect(source?.title).toBe('Heat-bath random walks with Markov bases')
  })
})

describe('retries and dead letters', () => {
  it('retries a job whose source answers 503, with growing backoff', async () => {
    crossrefUnavailable()
    vi.spyOn(console, 'log').mockImplementation(() => {})
    const { jobId, message } = await queueJob({ type: 'crossref_query', query: 'graph fibers' })
    const first = await runBatch([{ body: message, attempts: 1 }])
    expect(first.explicitAcks).toEqual([])
    expect(first.retries.map((r) => r.delaySeconds)).toEqual([10])
    const status = await jobStatus(jobId)
    expect(status.status).toBe('queued')
    expect(status.errors[0]).toMatch(/^attempt 1: .*503/)
    const third = await runBatch([{ body: message, attempts: 3 }])
    expect(third.retries.map((r) => r.delaySeconds)).toEqual([40])
  })

  it('marks the job failed on its last attempt and lets the runtime dead-letter it', async () => {
    crossrefUnavailable()
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { jobId, message } = await queueJob({ type: 'crossref_query', query: 'markov bases' })
    const last = await runBatch([{ body: message, attempts: 5 }])
    // Retrying the final attempt is what hands the message to quire-ingest-dlq.
    expect(last.retryMessages).toHaveLength(1)
    const status = await jobStatus(jobId)
    expect(status.status).toBe('failed')
    expect(status.errors.at(-1)).toMatch(/^attempt 5 \(final\): .*503/)
  })

  it('records a dead letter as a failed job with the last reason, and acks it', async () => {
    crossrefUnavailable()
    vi.spyOn(console, 'log').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { jobId, message } = await queueJob({ type: 'crossref_query', query: 'lattice walks' })
    await runBatch([{ body: message, attempts: 4 }])
    const dead = await runBatch([{ body: message, attempts: 1 }], { queue: 'quire-ingest-dlq' })
    expect(dead.explicitAcks).toHaveLength(1)
    expect(dead.retryMessages).toEqual([])
    const status = await jobStatus(jobId)
    expect(status.status).toBe('failed')
    expect(status.errors.at(-1)).toMatch(/^dead-lettered: .*503/)
  })

  it('acks a malformed dead letter', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const dead = await runBatch([{ body: { garbage: 1 } }], { queue: 'quire-ingest-dlq' })
    expect(dead.explicitAcks).toHaveLength(1)
  })
})
