// Chat turns under provider faults: every fault ends the stream with a clear error or done
// packet within a bound, the assistant message keeps the text streamed so far and is marked
// failed or stopped, and the run lock is released (the next turn in the session starts).
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
      `ends with a clear packet, keeps its partial text and frees the session when the provider ${name}`,
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
        // Every case is a fault no retry can cure (each model call meets it), so the turn fails.
        expect(packets.filter((p) => p.type === 'error')).toHaveLength(1)
        const { messages } = await waitForSession(
          session,
          (s) => s.running === null && s.messages.length === 2,
          RUN_BOUND_MS,
        )
        const saved = messages[1]
        expect(saved?.role).toBe('assistant')
        expect(saved?.content ?? '').toContain(streamed.trim())
        expect(saved?.data.error).toBeTruthy()
        expect(saved?.data.stopped).toBeFalsy()
        // The history still carries the fault's marker, so the next turn meets the fault too:
        // it must start (not 409 'run in progress') and fail the same way: JSON answers 502.
        const again = await call(session, '/messages', { body: { message: 'Again' } })
        expect(again.status).toBe(502)
        const after = await waitForSession(
          session,
          (s) => s.running === null && s.messages.length === 4,
          RUN_BOUND_MS,
        )
        expect(after.messages[3]?.data.error).toBeTruthy()
      },
    )
  }
})
