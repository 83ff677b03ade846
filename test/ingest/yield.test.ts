// Seeding stays responsive only if indexing really hands the isolate back between slices:
// a resolved promise (or crypto.subtle.digest) does not, a zero-delay timer does.
import { describe, expect, it } from 'vitest'
import { yieldToRequests } from '../../workers/yield'

async function letsWaitingWorkRun(pause: () => Promise<unknown>): Promise<boolean> {
  let ran = false
  setTimeout(() => (ran = true), 0)
  await pause()
  const result = ran
  await new Promise((resolve) => setTimeout(resolve, 1))
  return result
}

describe('yieldToRequests', () => {
  it('lets work waiting on the event loop run before indexing resumes', async () => {
    expect(await letsWaitingWorkRun(yieldToRequests)).toBe(true)
  })

  it('is needed: awaiting a resolved promise or a digest lets nothing in', async () => {
    expect(await letsWaitingWorkRun(() => Promise.resolve())).toBe(false)
    const digest = () => crypto.subtle.digest('SHA-256', new Uint8Array(8))
    expect(await letsWaitingWorkRun(digest)).toBe(false)
  })
})
