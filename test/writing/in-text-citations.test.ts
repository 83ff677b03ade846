// In-text citations are laid over the document where placed sentences still stand verbatim
// (however the paragraph is wrapped), never inside code, never on a reworded sentence.
import { describe, expect, it } from 'vitest'
import { annotate, locateCitations } from '../../workers/writing/in-text-citations'
import type { WritingSource } from '../../workers/writing/sources'

const source = (n: number): WritingSource => ({
  number: n,
  title: `Work ${n}`,
  sourceId: `s${n}`,
  verified: true,
})
const piece = {
  content: 'Statins lower LDL cholesterol. Aspirin prevents adenomas.',
  sources: [source(1), source(2)],
  attributions: [
    { text: 'Statins lower LDL cholesterol.', sources: [1] },
    { text: 'Aspirin prevents adenomas.', sources: [2, 1] },
  ],
}
const numbered = (markdown: string) => {
  const located = locateCitations(markdown, [piece])
  const keys = [...located.works.keys()]
  return annotate(markdown, located.citations, (c) =>
    c.works.map((w) => `[${keys.indexOf(w) + 1}]`).join(''),
  )
}

describe('in-text citations', () => {
  it('cites each placed sentence before its full stop, numbering works by first citation', () => {
    expect(
      numbered('# T\n\nMine. Statins lower LDL\ncholesterol. Aspirin prevents adenomas.\n'),
    ).toBe('# T\n\nMine. Statins lower LDL\ncholesterol [1]. Aspirin prevents adenomas [2][1].\n')
  })

  it('cites nothing in code, in headings, or once the user reworded the sentence', () => {
    const markdown =
      '```\nStatins lower LDL cholesterol.\n```\n\n## Aspirin prevents adenomas.\n\nStatins lower LDL levels.\n'
    expect(locateCitations(markdown, [piece]).citations).toEqual([])
  })

  it('cites content stored before sentences were tracked with all of its sources', () => {
    const legacy = { ...piece, attributions: [] }
    const located = locateCitations('Aspirin prevents adenomas.\n', [legacy])
    expect(located.citations).toEqual([{ offset: 25, works: ['s1', 's2'] }])
  })
})
