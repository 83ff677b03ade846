import { describe, expect, it } from 'vitest'
import { DocumentNumbering } from '../../workers/context'
import { CitationTracker } from '../../workers/turn/citations'

function numbering(count: number): DocumentNumbering {
  const n = new DocumentNumbering()
  n.assign(
    Array.from({ length: count }, (_, i) => ({
      title: `T${i + 1}`,
      contents: `c${i}`,
      source: { title: `T${i + 1}`, chunkId: `k${i + 1}` },
    })),
  )
  return n
}

describe('citation tracking while streaming', () => {
  it('maps a marker split across tokens to its full source once it is complete', () => {
    const tracker = new CitationTracker(numbering(3))
    expect(tracker.feed('Fact [')).toEqual([])
    expect(tracker.feed('2')).toEqual([])
    expect(tracker.feed('] more')).toEqual([{ number: 2, title: 'T2', chunkId: 'k2' }])
  })

  it('reads lists and adjacent markers, and cites each number once', () => {
    const tracker = new CitationTracker(numbering(3))
    const cited = [...tracker.feed('A [1, 3]. B [3][2].'), ...tracker.feed(' C [1].')]
    expect(cited.map((s) => s.number)).toEqual([1, 3, 2])
  })

  it('ignores numbers no document of the turn has, and brackets that are not markers', () => {
    const tracker = new CitationTracker(numbering(2))
    expect(tracker.feed('x[i] [see] [7] [0]')).toEqual([])
  })

  it('with a scope, keeps only the scoped numbers and removes the rest from the text', () => {
    const tracker = new CitationTracker(numbering(4), { numbers: new Set([3, 4]) })
    const checked = tracker.write('A [1]. B [1, 3]. C [2][4].')
    expect(checked.text + tracker.end().text).toBe('A . B [3]. C [4].')
    expect(checked.sources.map((s) => s.number)).toEqual([3, 4])
  })

  it('with code verbatim, leaves fenced code as written and reads citations only in prose', () => {
    const tracker = new CitationTracker(numbering(3), {
      numbers: new Set([1, 2]),
      codeVerbatim: true,
    })
    const input = 'See [1][3].\n```python\nx = xs[3] + xs[1]  # [2]\n```\nThen [2, 3].'
    let text = ''
    const cited: number[] = []
    // One character at a time: fences and markers split across every boundary.
    for (const piece of [...input.split(''), '']) {
      const checked = piece ? tracker.write(piece) : tracker.end()
      text += checked.text
      cited.push(...checked.sources.map((s) => s.number))
    }
    expect(text).toBe('See [1].\n```python\nx = xs[3] + xs[1]  # [2]\n```\nThen [2].')
    expect(cited).toEqual([1, 2])
  })
})

describe('document numbering', () => {
  it('continues numbers across calls and keeps one number per passage', () => {
    const n = new DocumentNumbering()
    const doc = (id: string) => ({ title: id, contents: id, source: { title: id, chunkId: id } })
    expect(n.assign([doc('a'), doc('b')]).map((d) => d.document)).toEqual([1, 2])
    expect(n.assign([doc('c'), doc('a')]).map((d) => d.document)).toEqual([3, 1])
    expect(n.sources().map((s) => s.number)).toEqual([1, 2, 3])
  })
})
