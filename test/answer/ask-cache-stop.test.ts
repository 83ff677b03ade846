// The 10-minute answer cache, follow-ups in one session, and stopping an ask mid-run.
import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { app } from '../../workers/app'
import { aResult } from './builders'
import { ask, bearer, readSse, scriptSearch, sessionDeps } from './route-helpers'

const results = [
  aResult(1, {
    title: 'Sleep and memory consolidation',
    snippet: 'Sleep after learning improves memory consolidation in adults.',
  }),
]

interface AskBody {
  session_id: string
  token?: string
  answer: string
  cached: boolean
  stopped?: boolean
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('answer cache', () => {
  it('returns the same normalised question within 10 minutes from cache, without searching', async () => {
    const search = await scriptSearch(results)
    const first = (await (
      await ask({ query: 'Is memory consolidation improved by sleep?' })
    ).json()) as AskBody
    const second = (await (
      await ask({ query: '  is MEMORY consolidation improved by   sleep ' })
    ).json()) as AskBody
    expect(first.cached).toBe(false)
    expect(second).toMatchObject({ cached: true, answer: first.answer })
    expect(second.session_id).not.toBe(first.session_id)
    expect(search).toHaveBeenCalledTimes(1)
  })

  it('does not reuse an answer asked with different options', async () => {
    const search = await scriptSearch(results)
    await ask({ query: 'Does sleep improve recall?' })
    const other = (await (
      await ask({ query: 'Does sleep improve recall?', search_recency_filter: 'week' })
    ).json()) as AskBody
    expect(other.cached).toBe(false)
    expect(search).toHaveBeenCalledTimes(2)
  })

  it('answers afresh once the cached answer is older than 10 minutes', async () => {
    const search = await scriptSearch(results)
    const deps = await sessionDeps()
    await ask({ query: 'Does napping help learning?' })
    const later = Date.now() + 11 * 60 * 1000
    vi.spyOn(deps, 'now').mockReturnValue(later)
    const again = (await (await ask({ query: 'Does napping help learning?' })).json()) as AskBody
    expect(again.cached).toBe(false)
    expect(search).toHaveBeenCalledTimes(2)
  })

  it('does not cache a failed search', async () => {
    const search = await scriptSearch(async () => {
      throw new Error('down')
    })
    await ask({ query: 'Is caffeine bad for sleep?' })
    const again = (await (await ask({ query: 'Is caffeine bad for sleep?' })).json()) as AskBody
    expect(again.cached).toBe(false)
    expect(search).toHaveBeenCalledTimes(2)
  })
})

describe('sessions', () => {
  it('keeps both turns of a follow-up in the session history', async () => {
    await scriptSearch(results)
    const first = (await (await ask({ query: 'Does sleep consolidate memory?' })).json()) as AskBody
    const token = first.token ?? ''
    await ask({ query: 'What about naps?', session_id: first.session_id }, bearer(token))
    const res = await app.request(
      `/api/sessions/${first.session_id}`,
      { headers: bearer(token) },
      env,
    )
    const { messages } = (await res.json()) as { messages: { role: string; content: string }[] }
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
    expect(messages[2]?.content).toBe('What about naps?')
  })
})

describe('stop', () => {
  it('ends a running ask at once, marked stopped, and frees the session', async () => {
    // Search never finishes on its own: only the stop can end this run.
    const search = await scriptSearch(
      (signal) =>
        new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason))),
    )
    const res = await ask(
      { query: 'Does sleep deprivation impair attention?' },
      { accept: 'text/event-stream' },
    )
    const sessionId = res.headers.get('x-quire-session-id') ?? ''
    const token = res.headers.get('x-quire-session-token') ?? ''
    let stop: Response | undefined
    const packets = await readSse(res, async (packet) => {
      if (packet.type !== 'status' || stop) return
      stop = await app.request(
        `/api/sessions/${sessionId}/stop`,
        { method: 'POST', headers: bearer(token) },
        env,
      )
    })
    expect(await stop?.json()).toEqual({ stopped: true })
    expect(packets.at(-1)).toMatchObject({ type: 'done', stopped: true })
    search.mockResolvedValue(results)
    const next = await ask({ query: 'And memory?', session_id: sessionId }, bearer(token))
    expect(next.status).toBe(200)
  })
})
