// Chat turns under provider faults: every fault ends the stream within a bound and releases
// the run lock (the next turn in the session starts). A fault before the model's first word
// leaves the turn to the extractive answer, marked degraded with the reason; one after it ends
// the turn with a clear error packet, the message keeping the text streamed so far.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Deps } from '../../workers/deps'
import { makeTestModels, scriptFake } from '../fakes/fake-llm'
import { sessionDeps } from '../answer/route-helpers'
import { call, newSession, readSse, waitForSession } from '../turn/http-helpers'
import { FAULT_TIMEOUT_MS, FAULTS, repeated, RUN_BOUND_MS } from './fault-cases'

let deps: Deps
let models: Deps['models']

beforeEach(async () => {
  deps = await sessionDeps()
  models = deps.models
  deps.models = makeTestModels({ timeoutMs: FAULT_TIMEOUT_MS })
})
afterEach(() => {
  deps.models = models
})

describe('a chat turn when the model provider fails', () => {
  for (const { name, step } of FAULTS) {
    it(
      `ends within a bound, degraded before a word shown or failed after one, and frees the session when the provider ${name}`,
      { timeout: RUN_BOUND_MS * 2 },
      async () => {
        const fake = await scriptFake(repeated(step))
        const session = await newSession()
        const started = performance.now()
        const res = await call(session, '/messages', {
          body: { message: `Tell me about it ${fake.marker}` },
          accept: 'text/event-stream',
        })
        const packets = await readSse(res)
        expect(performance.now() - started).toBeLessThan(RUN_BOUND_MS)
        expect(packets.at(-1)?.type).toBe('done')
        const streamed = packets.flatMap((p) => (p.type === 'token' ? [p.text] : [])).join('')
        // Every case is a fault no retry can cure (each model call meets it). What decides the
        // outcome is whether the model's words reached the client before it (a reset may take
        // the chunks before it with it): none did when the only words are the degraded answer's.
        const beforeWords = streamed.startsWith('_Degraded: the model failed')
        if (step.reply === undefined) expect(beforeWords).toBe(true)
        if (step.fault?.kind === 'error-event') expect(beforeWords).toBe(false)
        expect(packets.filter((p) => p.type === 'error')).toHaveLength(beforeWords ? 0 : 1)
        const { messages } = await waitForSession(
          session,
          (s) => s.running === null && s.messages.length === 2,
          RUN_BOUND_MS,
        )
        const saved = messages[1]
        expect(saved?.role).toBe('assistant')
        expect(saved?.content ?? '').toContain(streamed.trim())
        expect(saved?.data.stopped).toBeFalsy()
        if (beforeWords) {
          expect(saved?.content).toMatch(/^_Degraded: the model failed \(/)
          expect(saved?.data).toMatchObject({ mode: 'degraded', fallbacks: [{ stage: 'model' }] })
          expect(saved?.data.error).toBeFalsy()
        } else expect(saved?.data.error).toBeTruthy()
        // The history still carries the fault's marker, so the next turn meets the fault too:
        // it must start (not 409 'run in progress') and end the same way (JSON: 502 on an error).
        const again = await call(session, '/messages', { body: { message: 'Again' } })
        expect(again.status).toBe(beforeWords ? 200 : 502)
        const after = await waitForSession(
          session,
          (s) => s.running === null && s.messages.length === 4,
          RUN_BOUND_MS,
        )
        expect(Boolean(after.messages[3]?.data.error)).toBe(!beforeWords)
      },
    )
  }
})
