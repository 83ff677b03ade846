// A run that dies with its process leaves its partial answer behind: the streamed text is
// written within ~1 s, and the restarted object shows it as an interrupted message.
import { env, runInDurableObject } from 'cloudflare:test'
import { beforeEach, describe, expect, it } from 'vitest'
import { makeDeps } from '../../workers/deps'
import { openSession, type SessionStub } from '../../workers/session'
import { createSession, readPackets, waitUntilIdle } from './helpers'
import { gate } from './test-runners'

beforeEach(() => gate.reset())

function partialOf(stub: SessionStub): Promise<string | null> {
  return runInDurableObject(stub, (_instance, state) => {
    const rows = state.storage.sql.exec<{ text: string }>('SELECT text FROM run_partials').toArray()
    return rows[0]?.text ?? null
  })
}

/** Bounded poll: the partial is written at most PARTIAL_SAVE_MS after the first token. */
async function waitForPartial(stub: SessionStub, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const text = await partialOf(stub)
    if (text !== null) return text
    if (Date.now() > deadline) throw new Error('the partial answer was never written')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('crash-safe runs', () => {
  it('writes the streamed text of a running run to storage', async () => {
    const { stub } = await createSession()
    const started = await stub.startRun('gated', {})
    if (!started.ok) throw new Error(started.message)
    expect(await waitForPartial(stub)).toBe('waiting')
    gate.open()
    await readPackets(started.stream)
    await waitUntilIdle(stub)
    expect(await partialOf(stub)).toBeNull()
  })

  it('shows an orphaned run as interrupted with its partial text after a restart', async () => {
    const { sessionId, stub } = await createSession()
    const started = await stub.startRun('gated', {})
    if (!started.ok) throw new Error(started.message)
    await waitForPartial(stub)
    await runInDurableObject(stub, (_instance, state) => state.abort('simulated crash')).catch(
      () => undefined,
    )

    const restarted = openSession(makeDeps(env), sessionId)
    const described = await restarted.describe()
    const last = described.messages.at(-1)
    expect(last).toMatchObject({
      role: 'assistant',
      content: 'waiting',
      data: { interrupted: true, kind: 'gated' },
    })
    expect(described.running).toBeNull()

    // The session stays usable: a new run starts and finishes.
    gate.open()
    const next = await restarted.startRun('echo', { words: ['again'] })
    expect(next.ok).toBe(true)
    if (next.ok) await readPackets(next.stream)
  })
})
