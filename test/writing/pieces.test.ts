// The pure pieces of stage 1 and 2: sources out of the prose, research plain text, highlights,
// history markers and alternation, section matching by meaning, type name validation.
import { describe, expect, it } from 'vitest'
import { assistantMessage, userMessage } from '../../workers/context'
import {
  alternate,
  highlightsBlock,
  isValidTypeName,
  markHistory,
  matchSection,
  moveSourcesOut,
  parseBlocks,
  placeDeterministically,
  toResearchPlainText,
} from '../../workers/writing'

describe('moveSourcesOut', () => {
  it('moves URLs, DOIs, arXiv ids, markers and a references section out of the prose', () => {
    const out = moveSourcesOut(
      'Effects were small [2, 3] (see [the review](https://a.org/r)). arXiv:2101.00001 agrees; doi:10.1000/xyz.\n\n## References\n\n1. Smith 2020\n2. https://b.org',
    )
    expect(out.content).toBe('Effects were small (see the review). agrees;.')
    expect(out.moved).toEqual([
      'Smith 2020',
      'https://b.org',
      'https://a.org/r',
      'arXiv:2101.00001',
      'doi:10.1000/xyz',
    ])
  })

  it('leaves code and indentation alone', () => {
    const text = '- item\n    - nested\n\n```py\nx = a[1]  # https://keep.me\n```'
    expect(moveSourcesOut(text).content).toBe(text)
  })
})

describe('toResearchPlainText', () => {
  it('keeps bold subheadings and puts each bullet on its own line', () => {
    const text =
      '### Key points\n\n**Summary**\n\n1. first *claim*\n2. second `x`\n   - nested [link](http://l)\n\n```js\ncode()\n```\n\n> quoted ![img](i.png)'
    expect(toResearchPlainText(text)).toBe(
      '**Key points**\n\n**Summary**\n\n- first claim\n- second x\n- nested link\n\nquoted',
    )
  })
})

describe('highlights', () => {
  it('keeps items typed highlight or starting with Highlight:', () => {
    const block = highlightsBlock([
      { type: 'highlight', text: 'a finding', source: 'S1' },
      { type: 'section', content: 'Highlight: second one', note: 'n' },
      { type: 'section', content: 'not a highlight' },
    ])
    expect(block).toBe('[ATTACHED_HIGHLIGHTS]\n- a finding (Source: S1)\n- second one (Note: n)')
  })
})

describe('history marks', () => {
  it('merges runs of one role so user and assistant alternate', () => {
    const turns = alternate([
      { role: 'assistant', content: 'orphan' },
      { role: 'user', content: 'a' },
      { role: 'user', content: 'b' },
      { role: 'assistant', content: 'c' },
    ])
    expect(turns).toEqual([
      { role: 'user', content: 'a\n\nb' },
      { role: 'assistant', content: 'c' },
    ])
  })

  it('marks history as reference and the current message as the instruction', () => {
    const marked = markHistory(
      [userMessage('old'), assistantMessage('reply'), userMessage('dangling')],
      'now',
    )
    expect(marked.history.map((m) => m.kind)).toEqual(['user', 'assistant', 'user', 'assistant'])
    expect(marked.history[0]?.content).toMatch(/^\[HISTORICAL CONTEXT/)
    expect(marked.user.content).toBe('[CURRENT INSTRUCTION - RESPOND TO THIS ONLY]\nnow')
  })
})

const DOC =
  '# Paper\n\n## 1. Introduction\n\nx\n\n## Experimental Methods\n\ny\n\n## Findings\n\nz\n\n### Limitations\n\nw\n'

describe('section matching', () => {
  it.each([
    ['add this to the intro', 'Introduction'],
    ['put it in the methods section', 'Experimental Methods'],
    ['this belongs under results', 'Findings'],
    ['append to the limitations', 'Limitations'],
  ])('"%s" names %s', (instruction, title) => {
    expect(matchSection(parseBlocks(DOC), instruction)?.heading.title).toContain(title)
  })

  it('appends at the end when no section is named', () => {
    expect(placeDeterministically(DOC, ['write something about cats'])).toMatchObject({
      action: 'end',
    })
  })

  it('opens a new section when the user asks for one', () => {
    expect(placeDeterministically(DOC, ['start a new section called Ethics'])).toMatchObject({
      action: 'new_section',
      heading: 'Ethics',
    })
  })
})

describe('type names', () => {
  it('accepts lower snake case and refuses the rest', () => {
    expect(isValidTypeName('theorem_box')).toBe(true)
    expect(isValidTypeName('Bad Name!')).toBe(false)
    expect(isValidTypeName('x')).toBe(false)
    expect(isValidTypeName('null')).toBe(false)
  })
})
