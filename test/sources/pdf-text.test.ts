// A PDF's text reads as the paper does: words broken across lines by a hyphen are joined,
// hyphens that belong to a word stay; its title comes from the first page's largest type.
import { beforeAll, describe, expect, it } from 'vitest'
import { readPdf, type PdfText } from '../../workers/sources'
import { joinHyphenatedLines } from '../../workers/sources/pdf-hyphens'
import { pdfFixture } from './helpers'

const read = new Map<string, PdfText>()

beforeAll(async () => {
  for (const name of ['grobid', 'paperqa_pasa', 'scienceparse'])
    read.set(name, await readPdf(await pdfFixture(name)))
}, 60_000)

const textOf = (name: string) => (read.get(name)?.pages ?? []).map((p) => p.text).join(' ')

describe('line-end hyphens', () => {
  it('joins syllable breaks and keeps hyphens that belong to the word', () => {
    const [page = ''] = joinHyphenatedLines([
      'We inves-\ntigate PaSa-\nGPT, an already-\nselected set of state-of-the-art net-\nworks.\n' +
        'Many networks were already selected.',
    ])
    expect(page).toBe(
      'We investigate PaSa-GPT, an already-selected set of state-of-the-art networks.\n' +
        'Many networks were already selected.',
    )
  })

  it('keeps a hyphenated form the document uses elsewhere, and drops soft hyphens', () => {
    const [first = '', second = ''] = joinHyphenatedLines([
      'A self-\nconsistent field.',
      'The self-consistent method and a hy\u00AD\nphen.',
    ])
    expect(first).toBe('A self-consistent field.')
    expect(second).toBe('The self-consistent method and a hyphen.')
  })

  it('leaves no "word- word" breaks in real papers', () => {
    expect(textOf('grobid')).toContain('investigate')
    expect(textOf('grobid')).not.toMatch(/inves- ?tigate/)
    expect(textOf('paperqa_pasa')).toContain('PaSa-GPT')
    expect(textOf('paperqa_pasa')).not.toMatch(/\b(pa- pers|ul- timately|aca- demic)\b/)
  })
})

describe('the first page’s title', () => {
  it.each([
    ['grobid', 'Ultra light bosonic dark matter and CMB'],
    ['paperqa_pasa', 'PaSa: An LLM Agent for Comprehensive Academic Paper Search'],
    // The arXiv stamp in the margin is larger, but turned on its side: not the title.
    ['scienceparse', 'IMPROVING DETECTION OF INFLUENTIAL NODES IN COMPLEX NETWORKS'],
  ])('reads %s’s title', (name, title) => {
    expect(read.get(name)?.title).toBe(title)
  })
})
