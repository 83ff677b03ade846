import { describe, expect, it } from 'vitest'
import { ProviderError } from '../../workers/errors'
import { createPoliteFetch, parseRetryAfter } from '../../workers/sources/polite-http'
import { fakeClock, hangingFetch, scriptedFetch, textResponse } from './helpers'

function polite(fetchImpl: Parameters<typeof createPoliteFetch>[0]['fetchImpl'], random = 0.5) {
  const clock = fakeClock()
  const http = createPoliteFetch({
    provider: 'crossref',
    userAgent: 'Quire/0.1 (test)',
    fetchImpl,
    sleep: clock.sleep,
    now: clock.now,
    random: () => random,
  })
  return { http, clock }
}

describe('createPoliteFetch', () => {
  it('retries a 429 after the Retry-After delay, then returns the success', async () => {
    const { fetchImpl, calls } = scriptedFetch(
      textResponse('slow down', 'text/plain', 429, { 'retry-after': '2' }),
      textResponse('{}', 'application/json'),
    )
    const { http, clock } = polite(fetchImpl)
    const response = await http('https://api.crossref.org/works')
    expect(response.status).toBe(200)
    expect(calls).toHaveLength(2)
    expect(clock.sleeps).toEqual([2000])
  })

  it('backs off exponentially with jitter when no Retry-After is given', async () => {
    const { fetchImpl } = scriptedFetch(
      textResponse('', 'text/plain', 500),
      textResponse('', 'text/plain', 503),
      textResponse('ok', 'text/plain'),
    )
    const { http, clock } = polite(fetchImpl, 1)
    await http('https://api.crossref.org/works')
    expect(clock.sleeps).toEqual([1000, 2000])
  })

  it('does not wait for a Retry-After longer than the cap', async () => {
    const { fetchImpl, calls } = scriptedFetch(
      textResponse('', 'text/plain', 429, { 'retry-after': '3600' }),
    )
    const { http, clock } = polite(fetchImpl)
    const error = await http('https://api.crossref.org/works').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderError)
    expect(error).toMatchObject({ provider: 'crossref', retryable: true, details: { status: 429 } })
    expect(calls).toHaveLength(1)
    expect(clock.sleeps).toEqual([])
  })

  it('retries network errors and fails after three attempts', async () => {
    const { fetchImpl, calls } = scriptedFetch(
      new TypeError('reset'),
      new TypeError('reset'),
      new TypeError('reset'),
    )
    const { http } = polite(fetchImpl)
    await expect(http('https://api.crossref.org/works')).rejects.toThrow(
      /could not be reached \(3 attempts\)/,
    )
    expect(calls).toHaveLength(3)
  })

  it('returns non-retryable statuses such as 404 to the caller untouched', async () => {
    const { fetchImpl, calls } = scriptedFetch(
      textResponse('Resource not found.', 'text/plain', 404),
    )
    const response = await polite(fetchImpl).http('https://api.crossref.org/works/10.1/x')
    expect(response.status).toBe(404)
    expect(calls).toHaveLength(1)
  })

  it('runs beforeAttempt before every attempt, retries included', async () => {
    const { fetchImpl } = scriptedFetch(
      textResponse('', 'text/plain', 503),
      textResponse('', 'text/plain', 503),
      textResponse('ok', 'text/plain'),
    )
    const clock = fakeClock()
    let gated = 0
    const http = createPoliteFetch({
      provider: 'arxiv',
      userAgent: 'Quire/0.1 (test)',
      fetchImpl,
      sleep: clock.sleep,
      now: clock.now,
      beforeAttempt: async () => {
        gated++
      },
    })
    expect((await http('https://export.arxiv.org/api/query')).status).toBe(200)
    expect(gated).toBe(3)
  })

  it('gives up after the last attempt with the last status, without a final wait', async () => {
    const { fetchImpl, calls } = scriptedFetch(
      textResponse('', 'text/plain', 502),
      textResponse('', 'text/plain', 502),
      textResponse('', 'text/plain', 503),
    )
    const { http, clock } = polite(fetchImpl)
    const error = await http('https://api.crossref.org/works').catch((e: unknown) => e)
    expect(error).toMatchObject({ provider: 'crossref', details: { status: 503 } })
    expect(String(error)).toMatch(/HTTP 503 \(3 attempts\)/)
    expect(calls).toHaveLength(3)
    expect(clock.sleeps).toHaveLength(2)
  })

  it('does not retry when the caller aborts', async () => {
    const controller = new AbortController()
    const { http } = polite(hangingFetch)
    const pending = http('https://api.crossref.org/works', {}, controller.signal)
    controller.abort(new DOMException('stopped', 'AbortError'))
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })
})

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP dates', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(parseRetryAfter('7', now)).toBe(7000)
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000)
    expect(parseRetryAfter('soon', now)).toBeNull()
    expect(parseRetryAfter(null, now)).toBeNull()
  })
})
