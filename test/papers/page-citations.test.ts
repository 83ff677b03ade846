// Page citations are checked against the pages given to the model: kept when real, corrected
// to a given page of the same paper when the page is wrong, removed when the paper is unknown.
import { describe, expect, it } from 'vitest'
import { checkPageCitations, type GivenPage } from '../../workers/papers'

const given: GivenPage[] = [
  {
    paperId: 'arxiv:1',
    title: 'Ultra light bosonic dark matter and CMB',
    page: 2,
    text: 'The axion mass shifts the acoustic peaks of the CMB spectrum.',
  },
  {
    paperId: 'arxiv:1',
    title: 'Ultra light bosonic dark matter and CMB',
    page: 3,
    text: 'Lensing of the CMB constrains the boson fraction below ten percent.',
  },
  {
    paperId: 'upload:2',
    title: 'PaSa: An LLM Agent for Comprehensive Academic Paper Search',
    page: 5,
    text: 'The crawler agent expands citations to find more papers.',
  },
]

describe('checkPageCitations', () => {
  it('keeps a citation naming a given paper and page, and reports it once', () => {
    const checked = checkPageCitations(
      'Lensing limits the fraction [Ultra light bosonic dark matter and CMB, Page 3]. Again [Ultra light bosonic dark matter and CMB, page 3].',
      given,
    )
    expect(checked.citations).toEqual([
      { title: 'Ultra light bosonic dark matter and CMB', page: 3, paper_id: 'arxiv:1' },
    ])
    expect(checked.corrected).toBe(0)
    expect(checked.removed).toBe(0)
  })

  it('corrects a wrong page to the given page of that paper that supports the sentence', () => {
    const checked = checkPageCitations(
      'The acoustic peaks shift with the axion mass [Ultra light bosonic dark matter and CMB, Page 9].',
      given,
    )
    expect(checked.text).toContain('[Ultra light bosonic dark matter and CMB, Page 2]')
    expect(checked.text).not.toContain('Page 9')
    expect(checked.corrected).toBe(1)
  })

  it('moves a citation to the given page that supports its sentence when the cited one does not', () => {
    const checked = checkPageCitations(
      'Lensing of the CMB constrains the boson fraction [Ultra light bosonic dark matter and CMB, Page 2].',
      given,
    )
    expect(checked.text).toContain('[Ultra light bosonic dark matter and CMB, Page 3]')
    expect(checked.corrected).toBe(1)
  })

  it('removes a citation of a paper that was not given', () => {
    const checked = checkPageCitations(
      'Transformers need attention [Attention Is All You Need, Page 4].',
      given,
    )
    expect(checked.text).toBe('Transformers need attention.')
    expect(checked.citations).toEqual([])
    expect(checked.removed).toBe(1)
  })

  it('accepts a shortened title and writes the full one', () => {
    const checked = checkPageCitations('Crawlers expand citations [PaSa, Page 5].', given)
    expect(checked.text).toContain(
      '[PaSa: An LLM Agent for Comprehensive Academic Paper Search, Page 5]',
    )
    expect(checked.citations[0]?.paper_id).toBe('upload:2')
  })
})
