// A stopped ask keeps the sources its kept text cites ([n] -> sources[n - 1] as a finished
// answer stores them), and is labelled stopped only when the stop actually cut its text.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { runAsk } from '../../workers/answer/ask-runner'
import type { Packet } from '../../workers/stream'
import { aRun, memoryStore, withSql } from '../turn/helpers'
import { aResult } from './builders'
import { scriptSearch, sessionDeps } from './route-helpers'

const QUESTION = 'Does vitamin D supplementation raise bone density in older adults?'

afterEach(() => {
  vi.restoreAllMocks()
})

const RESULTS = [
  aResult(1, {
    title: 'Vitamin D and bone density',
    snippet: 'Daily vitamin D supplementation raised bone density in older adults over two years.',
  }),
  aResult(2, {
    title: 'Bone density in older adults',
    snippet: 'Vitamin D supplementation kept bone density from falling in older adults.',
  }),
]

/** Runs the ask and stops it the first time `when` holds for an emitted packet. */
async function stopWhen(when: (packet: Packet, seen: Packet[]) => boolean) {
  await scriptSearch(RESULTS)
  const deps = await sessionDeps()
  return withSql(async (sql) => {
    const store = memoryStore(sql)
    const run = aRun(store, deps, { query: `${QUESTION} ${crypto.randomUUID()}`, options: {} })
    const emit = run.context.emit
    run.context.emit = (packet) => {
      emit(packet)
      if (!run.controller.signal.aborted && when(packet, run.packets)) run.controller.abort()
    }
    const outcome = await runAsk(run.context as never)
    return { outcome, saved: store.listMessages().at(-1), packets: run.packets }
  })
}

const citedNumbers = (text: string) => [...text.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]))

describe('a stopped ask', () => {
  it('keeps the sources its kept [n] refer to, in the stored message and the outcome', async () => {
    const { outcome, saved } = await stopWhen(
      (packet, seen) => packet.type === 'token' && seen.some((p) => p.type === 'citation'),
    )
    expect(saved?.role).toBe('assistant')
    expect(saved?.data.stopped).toBe(true)
    const numbers = citedNumbers(saved?.content ?? '')
    expect(numbers.length).toBeGreaterThan(0)
    const sources = saved?.data.sources as { number: number; title: string; cited: boolean }[]
    for (const n of numbers) expect(sources.find((s) => s.number === n)?.cited).toBe(true)
    expect(sources.map((s) => s.number)).toEqual(sources.map((_, i) => i + 1))
    expect(outcome).toMatchObject({ stopped: true, answer: saved?.content, sources })
  })

  it('is not labelled stopped when the stop lands after the last word', async () => {
    const { outcome, saved, packets } = await stopWhen(
      (packet) => packet.type === 'status' && packet.step === 'format_output',
    )
    const streamed = packets.flatMap((p) => (p.type === 'token' ? [p.text] : [])).join('')
    expect(saved?.content).toBe(streamed)
    expect(saved?.data.stopped).toBe(false)
    expect(saved?.data.sources).toEqual(expect.arrayContaining([expect.anything()]))
    expect(outcome).toMatchObject({ stopped: false })
  })
})
