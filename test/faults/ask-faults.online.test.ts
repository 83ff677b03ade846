// /api/ask under provider faults: every fault ends the stream with a clear error or done
// packet within a bound (the engine may fall back to a degraded answer), the session keeps
// the turn with what was streamed, and the run lock is released (a follow-up ask starts).
import { env } from 'cloudflare:test'
import { app } from '../../workers/app'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Deps } from '../../workers/deps'
import { makeTestModels, scriptFake } from '../fakes/fake-llm'
import { aResult } from '../answer/builders'
import { ask, bearer, readSse, scriptSearch, sessionDeps } from '../answer/route-helpers'
import { FAULT_TIMEOUT_MS, FAULTS, repeated, RUN_BOUND_MS } from './fault-cases'

const results = [
  aResult(1, {
    title: 'Sleep and memory',
    domain: 'nih.gov',
    snippet: 'Sleep consolidates memory.',
  }),
  aResult(2, { title: 'Naps and learning', domain: 'nature.com', snippet: 'Naps help learning.' }),
]

let deps: Deps
let models: Deps['models']

beforeEach(async () => {
  deps = await sessionDeps()
  models = deps.models
  deps.models = makeTestModels({ timeoutMs: FAULT_TIMEOUT_MS })
  await scriptSearch(results)
})
afterEach(() => {
  deps.models = models
  vi.restoreAllMocks()
})

describe('/api/ask when the model provider fails', () => {
  FAULTS.forEach(({ name, step }, i) => {
    it(
      `ends with a clear packet and frees the session when the provider ${name}`,
      { timeout: RUN_BOUND_MS * 2 },
      async () => {
        const fake = await scriptFake(repeated(step))
        const started = performance.now()
        const res = await ask(
          { query: `Does sleep help memory, case ${i}? ${fake.marker}` },
          { accept: 'text/event-stream' },
        )
        const packets = await readSse(res)
        expect(performance.now() - started).toBeLessThan(RUN_BOUND_MS)
        const last = packets.at(-1)
        expect(last?.type).toBe('done')
        const sessionId = res.headers.get('x-quire-session-id') ?? ''
        const token = res.headers.get('x-quire-session-token') ?? ''
        // The turn is kept: the question and an answer (the engine's fallback when the model
        // fails) holding whatever was streamed, and the session is no longer running.
        const described = await app.request(
          `/api/sessions/${sessionId}`,
          { headers: bearer(token) },
          env,
        )
        const session = await described.json<{
          messages: { role: string; content: string }[]
          running: unknown
        }>()
        expect(session.running).toBeNull()
        expect(session.messages.map((m) => m.role)).toEqual(['user', 'assistant'])
        // A `replace` packet withdraws what the model streamed before it failed: the answer
        // is the text after the last one.
        const replaced = packets.findLastIndex((p) => p.type === 'replace')
        const streamed = packets
          .slice(replaced + 1)
          .flatMap((p) => (p.type === 'token' ? [p.text] : []))
          .join('')
        expect(session.messages[1]?.content).toContain(streamed.trim())
        const result = (last as { result: { mode: string; fallbacks: unknown[] } }).result
        expect(result.mode).toBe('degraded')
        expect(result.fallbacks.length).toBeGreaterThan(0)
        // The history still carries the fault's marker, so the follow-up meets the fault too:
        // it starts (the run lock was released) and answers, degraded.
        const followUp = await ask(
          { query: `And naps, case ${i}?`, session_id: sessionId },
          bearer(token),
        )
        expect(followUp.status).toBe(200)
        expect((await followUp.json<{ mode: string }>()).mode).toBe('degraded')
      },
    )
  })
})
