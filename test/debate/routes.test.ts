// /api/debate/* through the app and SessionDO (offline project: no model, so turns are
// extractive and no source is fetched): text/plain by default, SSE when asked, the full
// payload from /ask, a new session's id and token, 409 on a second run, interrupt.
import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { app } from '../../workers/app'
import { TERMINAL_MARKERS } from '../../workers/debate'
import { makeDeps } from '../../workers/deps'
import { bearer, readSse, sessionDeps } from '../answer/route-helpers'

const clientIp = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(
    `/api/debate/${path}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': clientIp, ...headers },
      body: JSON.stringify(body),
    },
    env,
  )
}

const question = { question: 'Does vitamin D improve bone health in older adults?' }

/** The DO's retrieval waits until the run is stopped, so the debate stays active. */
async function holdRetrieval() {
  const deps = await sessionDeps()
  vi.spyOn(deps.retriever, 'retrieve').mockImplementation(
    (_query, _options, signal) =>
      new Promise((_resolve, reject) => {
        signal?.addEventListener('abort', () => reject(new DOMException('stop', 'AbortError')))
      }),
  )
}

afterEach(() => {
  vi.restoreAllMocks()
})

// A turn's References build citation-js's citeproc engine once per file: seconds under load.
describe('debate routes', { timeout: 60_000 }, () => {
  it('streams text/plain with status lines, one terminal marker and a final DONE line', async () => {
    const res = await post('stream', question)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(res.headers.get('X-Quire-Session-Id')).toMatch(/^[0-9a-f-]{36}$/)
    expect(res.headers.get('X-Quire-Session-Token')).toBeTruthy()
    const lines = (await res.text()).trimEnd().split('\n')
    expect(lines).toContain('[[STATUS]] Research Scientist 1 Response:')
    const marker = lines.indexOf(TERMINAL_MARKERS.max_turns)
    expect(marker).toBeGreaterThan(0)
    expect(lines.slice(marker + 1, -1)).toEqual([expect.stringMatching(/^Conclusion: /)])
    expect(lines.at(-1)).toMatch(/^\[\[DONE\]\] \{/)
  })

  it('weighs the Accept q-values: SSE ranked below text/plain streams text/plain', async () => {
    const res = await post('stream', question, {
      accept: 'text/event-stream;q=0.1, text/plain;q=0.9',
    })
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
    expect((await res.text()).trimEnd().split('\n').at(-1)).toMatch(/^\[\[DONE\]\] \{/)
  })

  it('streams SSE packets with a verdict per turn when asked', async () => {
    const res = await post('stream', question, { accept: 'text/event-stream' })
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const packets = await readSse(res)
    const verdicts = packets.filter((p) => p.type === 'verdict')
    expect(verdicts).toHaveLength(2)
    expect(packets.at(-1)?.type).toBe('done')
  })

  it('answers /ask with the full payload and the new session', async () => {
    const res = await post('ask', question)
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, unknown>
    expect(body).toMatchObject({
      kind: 'debate',
      mode: 'offline',
      terminal: 'max_turns',
      terminal_marker: TERMINAL_MARKERS.max_turns,
      interrupted: false,
    })
    expect(body.session_id).toBe(res.headers.get('X-Quire-Session-Id'))
    expect(body.token).toBe(res.headers.get('X-Quire-Session-Token'))
    expect(body.transcript).toHaveLength(2)
    expect(body.verdicts).toHaveLength(2)
    expect(Array.isArray(body.references)).toBe(true)
  })

  it("shares a debate read-only with each turn's verdict", async () => {
    const res = await post('ask', question)
    const { session_id, token } = (await res.json()) as { session_id: string; token: string }
    const shared = await app.request(
      `/api/sessions/${session_id}/share`,
      { method: 'POST', headers: bearer(token) },
      env,
    )
    expect(shared.status).toBe(201)
    const link = ((await shared.json()) as { token: string }).token
    const json = (await (await app.request(`/api/share/${link}`, {}, env)).json()) as {
      messages: { role: string; verdicts: { speaker: string; validation: string | null }[] }[]
    }
    const debate = json.messages.find((m) => m.role === 'assistant')
    expect(debate?.verdicts.map((v) => v.speaker)).toEqual(['optimist', 'pessimist'])
    // Offline no check ran: never PASS.
    expect(debate?.verdicts.every((v) => v.validation !== 'PASS')).toBe(true)
    const page = await (await app.request(`/s/${link}`, {}, env)).text()
    // Each turn with its verdict, as the app shows it.
    expect(page.match(/<p class="verdict">Agreement: [^<]* · Validation: N\/A<\/p>/g)).toHaveLength(
      2,
    )
    expect(page).toContain('Scientist 2 · reviewer')
  })

  it('rejects a body without a question with 400 naming the field', async () => {
    const res = await post('ask', { history: [] })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/question/)
  })

  it('returns 409 for a second debate while one is active, and interrupt ends the first', async () => {
    await holdRetrieval()
    const first = await post('stream', question)
    const session_id = first.headers.get('X-Quire-Session-Id') ?? ''
    const token = bearer(first.headers.get('X-Quire-Session-Token') ?? '')
    const second = await post('stream', { ...question, session_id }, token)
    expect(second.status).toBe(409)
    const stop = await post('interrupt', { session_id }, token)
    expect(stop.status).toBe(200)
    const text = await first.text()
    expect(text).toContain(TERMINAL_MARKERS.interrupted)
    expect(text.trimEnd().split('\n').at(-1)).toMatch(/^\[\[DONE\]\] .*"interrupted":true/)
  })

  it('refuses to interrupt without the session token', async () => {
    const first = await post('ask', question)
    const { session_id } = (await first.json()) as { session_id: string }
    const res = await post('interrupt', { session_id })
    expect(res.status).toBe(401)
  })

  it('answers 409 past DEBATE_MAX_ACTIVE debates across sessions', async () => {
    await holdRetrieval()
    const config = makeDeps(env).config.debate
    config.maxActive = 1
    try {
      const first = await post('stream', question)
      expect(first.status).toBe(200)
      const other = await post('stream', question)
      expect(other.status).toBe(409)
      expect(((await other.json()) as { error: { message: string } }).error.message).toMatch(
        /limit of 1 active debate/,
      )
      const session_id = first.headers.get('X-Quire-Session-Id') ?? ''
      const token = bearer(first.headers.get('X-Quire-Session-Token') ?? '')
      await post('interrupt', { session_id }, token)
      expect(await first.text()).toContain(TERMINAL_MARKERS.interrupted)
    } finally {
      config.maxActive = 0
    }
  })
})
