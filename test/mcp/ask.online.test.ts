// Cancelling a long `ask` with a model: the fake model takes a minute to answer; the MCP
// client's cancel must stop the session's run long before that, saved as stopped.
import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { app } from '../../workers/app'
import { scriptFake } from '../fakes/fake-llm'
import { aResult } from '../answer/builders'
import { scriptSearch } from '../answer/route-helpers'
import { connect, createSession } from './helpers'

const results = [
  aResult(1, { title: 'Sleep and memory', snippet: 'Sleep improves memory in adults.' }),
  aResult(2, { title: 'Naps and memory', snippet: 'Short naps improve memory in adults.' }),
]

afterEach(() => {
  vi.restoreAllMocks()
})

async function describeSession(id: string, token: string) {
  const res = await app.request(
    `/api/sessions/${id}`,
    { headers: { authorization: `Bearer ${token}` } },
    env,
  )
  return (await res.json()) as {
    running: unknown
    messages: { role: string; data: { stopped?: boolean } }[]
  }
}

describe('ask with a model', () => {
  it('a cancel stops a long answer in well under the model latency', async () => {
    await scriptSearch(results)
    // A first question's one model call before its first word is the answer itself.
    const fake = await scriptFake([{ reply: 'Sleep helps [1].', delayMs: 60_000 }])
    const session = await createSession()
    const client = await connect()
    const controller = new AbortController()
    const progress: string[] = []
    const startedAt = performance.now()
    const call = client.callTool(
      {
        name: 'ask',
        arguments: {
          question: `Does sleep help memory? ${fake.marker}`,
          session_id: session.id,
          session_token: session.token,
        },
      },
      undefined,
      { signal: controller.signal, onprogress: (p) => progress.push(p.message ?? '') },
    )
    // Cancel once the answer request is waiting on the slow model.
    await vi.waitFor(async () => expect((await fake.requests()).length).toBe(1), {
      timeout: 15_000,
    })
    controller.abort('user cancelled')
    await expect(call).rejects.toThrow()
    await vi.waitFor(
      async () => {
        const described = await describeSession(session.id, session.token)
        expect(described.running).toBeNull()
        expect(described.messages.at(-1)).toMatchObject({
          role: 'assistant',
          data: { stopped: true },
        })
      },
      { timeout: 15_000 },
    )
    expect(performance.now() - startedAt).toBeLessThan(30_000)
    expect(progress.length).toBeGreaterThan(0)
    await client.close()
  })
})
