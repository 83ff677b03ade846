// A request for a named section is read from its shape, over many phrasings: the heading it
// names, and no section where the request only adds text to one that exists.
import { describe, expect, it } from 'vitest'
import { mergeDeterministically } from '../../workers/writing'
import { sectionRequested } from '../../workers/writing/placement/section-request'
import { requestTopic } from '../../workers/writing/request-topic'

describe('section requests', () => {
  it.each([
    ['Add a Results section on statin therapy and LDL cholesterol', 'Results'],
    ['Add a Methods section about how the cohort was recruited', 'Methods'],
    ['Write a section called Limitations on the weaknesses of observational data', 'Limitations'],
    ['Insert an Introduction section', 'Introduction'],
    ['insert an introduction section on vitamin D', 'Introduction'],
    ['Please add a short Discussion section about the findings', 'Discussion'],
    ['Create a new section titled "Future work" about open questions', 'Future work'],
    ["Add a section named 'Data availability'.", 'Data availability'],
    ['Start a new section called Ethics', 'Ethics'],
    ['Could you write a Related Work section covering transformers?', 'Related Work'],
    ['Add another Background section', 'Background'],
    ['Write a section entitled Statistical analysis, please', 'Statistical analysis'],
    ['Add a section on statin safety', 'Statin safety'],
    ['Add a new section about the data sources for p53 studies', 'Data sources for p53 studies'],
    ['Draft a Materials and Methods section on the assays', 'Materials and Methods'],
    ['Add a paragraph and a Conclusion section summarising it', 'Conclusion'],
    ['Add a “Strengths and weaknesses” section', 'Strengths and weaknesses'],
  ])('"%s" asks for a section headed "%s"', (message, heading) => {
    expect(sectionRequested(message)?.heading).toBe(heading)
  })

  it.each([
    'Add a paragraph to the Results section',
    'Put two sentences on statins in the Methods section',
    'Add a discussion of statins in the Results section',
    'Expand the Discussion section',
    'Rewrite the Introduction section to be shorter',
    'Write a paragraph about the history of the Roman Empire',
    'Add a sentence on section 3 of the guideline',
    'add it to methods',
    'Add a summary of the trial under Results',
  ])('"%s" asks for no new section', (message) => {
    expect(sectionRequested(message)).toBeNull()
  })

  it.each([
    ['Add a subsection called Power analysis under Methods', 'Power analysis', true],
    ['Add a Sensitivity analyses subsection to the Results', 'Sensitivity analyses', true],
  ])('"%s" asks for a subsection "%s"', (message, heading, sub) => {
    expect(sectionRequested(message)).toMatchObject({ heading, isSubsection: sub })
  })

  it('leaves the section out of the topic the library is searched for', () => {
    expect(requestTopic('Write a section called Limitations on observational data')).toBe(
      'observational data',
    )
    expect(requestTopic('Add a Results section on statin therapy')).toBe('statin therapy')
  })
})

const PAPER =
  '# Statins\n\n## Introduction\n\nIntro text.\n\n## Methods\n\nMethods text.\n\n## Discussion\n\nDiscussion text.\n\n## References\n\n1. A ref.\n'
const CONTENT = 'Statins lowered LDL cholesterol by a third.'

function placed(doc: string, message: string): string {
  return mergeDeterministically(doc, CONTENT, [message])?.merge.markdown ?? ''
}

describe('placing a requested section', () => {
  it.each([
    ['Add a Results section on statin therapy', '## Methods', '## Results', '## Discussion'],
    ['Insert an Abstract section', '# Statins', '## Abstract', '## Introduction'],
    ['Write a section called Limitations on bias', '## Discussion', '## Limitations', '## References'],
    ['Add a section on statin safety', '## Discussion', '## Statin safety', '## References'],
    ['Add a Background section', '## Introduction', '## Background', '## Methods'],
    ['Add a Conclusions section', '## Discussion', '## Conclusions', '## References'],
  ])('"%s" goes between %s and %s, with its heading', (message, before, heading, after) => {
    const doc = placed(PAPER, message)
    expect(doc).toContain(`${heading}\n\n${CONTENT}`)
    const at = doc.indexOf(`${heading}\n\n${CONTENT}`)
    expect(doc.indexOf(before)).toBeLessThan(at)
    expect(doc.indexOf(after, at + heading.length)).toBeGreaterThan(at)
  })

  it('adds to the section of that name when the document has one', () => {
    const doc = placed(PAPER, 'Add a Methods section about the cohort')
    expect(doc.match(/## Methods/g)).toHaveLength(1)
    expect(doc).toContain(`Methods text.\n\n${CONTENT}\n\n## Discussion`)
  })

  it('uses the level of the document’s own section headings', () => {
    const flat = '# Introduction\n\nA.\n\n# Discussion\n\nB.\n'
    expect(placed(flat, 'Add a Results section on statins')).toBe(
      `# Introduction\n\nA.\n\n# Results\n\n${CONTENT}\n\n# Discussion\n\nB.\n`,
    )
    expect(placed('Just some text.\n', 'Add a Results section')).toContain(
      `Just some text.\n\n## Results\n\n${CONTENT}\n`,
    )
  })

  it('puts a subsection at the end of the section it was asked under', () => {
    const doc = placed(PAPER, 'Add a subsection called Power analysis under Methods')
    expect(doc).toContain(`Methods text.\n\n### Power analysis\n\n${CONTENT}\n\n## Discussion`)
  })
})
