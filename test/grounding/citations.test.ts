import { describe, expect, it } from 'vitest'
import { createMarkerFilter, stripReferenceMarkers } from '../../workers/grounding'

describe('citation markers', () => {
  it('strips reference markers of source text, lists and ranges included', () => {
    const text = 'Flux rose by 40 percent according to [99] and [7] and [3, 42] or [5-8].'
    expect(stripReferenceMarkers(text)).toBe('Flux rose by 40 percent according to and and or.')
  })

  it('keeps markers that resolve and drops the rest, even split across chunks', () => {
    const filter = createMarkerFilter((n) => n === 1)
    const out = ['Flux rose [', '99] by 40% [1', '] per [3, ', '42][1, 7].'].map((t) =>
      filter.push(t),
    )
    expect(out.join('') + filter.flush()).toBe('Flux rose  by 40% [1] per [1].')
  })

  it('lets an unfinished bracket through at the end', () => {
    const filter = createMarkerFilter(() => true)
    expect(filter.push('see [2')).toBe('see ')
    expect(filter.flush()).toBe('[2')
  })
})
