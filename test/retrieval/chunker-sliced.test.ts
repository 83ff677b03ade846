// chunkTextSliced: the same chunks as chunkText, cut in steps that hand the isolate back.
import { describe, expect, it } from 'vitest'
import { chunkText } from '../../workers/retrieval'
import { chunkTextSliced } from '../../workers/retrieval/chunker'
import { createPace } from '../../workers/yield'

const prose = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    i % 7 === 6 ? `Paragraph ${i} ends here.\n\n` : `Sentence ${i} reports effect ${i * 3}. `,
  ).join('')

describe('chunkTextSliced', () => {
  it('returns exactly the chunks chunkText returns', async () => {
    const inputs = ['', '  short text  ', prose(3000), 'x'.repeat(20_000), prose(400)]
    for (const text of inputs) {
      for (const preset of ['papers', 'writing', 'debate'] as const) {
        expect(await chunkTextSliced(text, preset)).toEqual(chunkText(text, preset))
      }
    }
  })

  it('paces every step, so a shared pace adds small pieces up to slices', async () => {
    let calls = 0
    const pace = async () => void calls++
    const text = prose(3000)
    const chunks = await chunkTextSliced(text, 'papers', pace)
    // One call per chunk plus one per 256 words read.
    const words = text.split(/\s+/).filter(Boolean).length
    expect(calls).toBe(chunks.length + Math.floor(words / 256))
  })

  it('lets work waiting on the event loop run while it chunks a long text', async () => {
    let ticks = 0
    let running = true
    const tick = () => {
      ticks++
      if (running) setTimeout(tick, 0)
    }
    setTimeout(tick, 0)
    await chunkTextSliced(prose(20_000), 'papers')
    running = false
    expect(ticks).toBeGreaterThan(3)
  })
})

describe('createPace', () => {
  it('yields on every n-th call only', async () => {
    const pace = createPace(3)
    let ran = false
    setTimeout(() => (ran = true), 0)
    await pace()
    await pace()
    expect(ran).toBe(false)
    await pace()
    expect(ran).toBe(true)
  })
})
