import { describe, expect, it } from 'vitest'
import { createSentinelGate } from '../../workers/grounding/sentinel-gate'

const SENTINEL = 'NO_RELEVANT_SOURCES'

function feed(pieces: string[]) {
  const gate = createSentinelGate(SENTINEL)
  const shown = pieces.map((p) => gate.push(p)).join('') + gate.flush()
  return { shown, matched: gate.matched }
}

describe('sentinel gate', () => {
  it('shows nothing of a sentinel split across chunks', () => {
    expect(feed(['NO_REL', 'EVANT_SO', 'URCES'])).toEqual({ shown: '', matched: true })
  })

  it('releases an answer as soon as it cannot be the sentinel', () => {
    const gate = createSentinelGate(SENTINEL)
    expect(gate.push('Vit')).toBe('Vit')
    expect(gate.push('amin D [1].')).toBe('amin D [1].')
  })

  it('holds a possible prefix, then releases it whole when it turns out to be text', () => {
    expect(feed(['NO', ' doubt: yes [1].'])).toEqual({
      shown: 'NO doubt: yes [1].',
      matched: false,
    })
  })

  it('releases a short reply that only looks like the start of the sentinel', () => {
    expect(feed(['NO'])).toEqual({ shown: 'NO', matched: false })
  })
})
