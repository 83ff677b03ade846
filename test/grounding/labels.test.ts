// Labels (file names, titles) are one line of plain text: no control character survives.
import { describe, expect, it } from 'vitest'
import { plainLabel } from '../../workers/grounding'

describe('plainLabel', () => {
  it.each([
    ['report\u0000.pdf', 'report .pdf'],
    ['\u001b[2Jcleared', '[2Jcleared'],
    ['two\r\nlines', 'two lines'],
    ['tab\there', 'tab here'],
    ['next\u0085line\u2028sep\u2029par', 'next line sep par'],
    ['del\u007fete', 'del ete'],
    ['  plain   title  ', 'plain title'],
    ['Über die Zellteilung – 2024', 'Über die Zellteilung – 2024'],
  ])('%j -> %j', (input, expected) => {
    expect(plainLabel(input)).toBe(expected)
  })

  it('leaves no control character in any of 256 code points', () => {
    const all = Array.from({ length: 256 }, (_, i) => String.fromCharCode(i)).join('x')
    expect(plainLabel(all)).not.toMatch(/\p{Cc}/u)
  })
})
