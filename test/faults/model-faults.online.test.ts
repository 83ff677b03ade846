// The OpenAI-compatible adapter's own deadline under provider faults: a whole completion that
// gets headers and then no body fails with a timeout ProviderError instead of waiting forever.
import { describe, expect, it } from 'vitest'
import { ProviderError } from '../../workers/errors'
import { makeTestModel, scriptFake } from '../fakes/fake-llm'
import { FAULT_TIMEOUT_MS, repeated, RUN_BOUND_MS } from './fault-cases'

describe('a whole completion when the provider stalls after its headers', () => {
  it('fails with a timeout ProviderError within the model timeout', async () => {
    const fake = await scriptFake(repeated({ fault: { kind: 'headers-then-hang' } }, 2))
    const model = makeTestModel({ timeoutMs: FAULT_TIMEOUT_MS })
    const started = performance.now()
    const call = model.complete({ messages: [{ role: 'user', content: `Q ${fake.marker}` }] })
    await expect(call).rejects.toBeInstanceOf(ProviderError)
    await expect(call).rejects.toThrow(/timed out/)
    expect(performance.now() - started).toBeLessThan(RUN_BOUND_MS)
  })

  it('still stops at once when the caller aborts during the silence', async () => {
    const fake = await scriptFake(repeated({ fault: { kind: 'headers-then-hang' } }, 2))
    const model = makeTestModel({ timeoutMs: 60_000 })
    const controller = new AbortController()
    const call = model.complete(
      { messages: [{ role: 'user', content: `Q ${fake.marker}` }] },
      controller.signal,
    )
    setTimeout(() => controller.abort(), 200)
    await expect(call).rejects.toMatchObject({ name: 'AbortError' })
  })
})
