// Properties of the offline writer over generated abstracts: whatever the evidence holds
// (connectives, pointers back, quotes and brackets left open, reference markers), every
// sentence it writes is a verbatim sentence of its source that stands on its own (or one cut
// after an opening that only orders it, "Secondly,", marked "…"), and the attributed answer
// keeps its quotes and brackets balanced.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  attributedPieces,
  stripReferenceMarkers,
  writeOfflineAnswer,
} from '../../workers/grounding'

const TOPIC = ['statins', 'cholesterol', 'vitamin D', 'fractures', 'insulin', 'p53', 'apoptosis']
const OPENINGS = [
  'However, ',
  'Secondly, ',
  'These results show that ',
  'This suggests that ',
  'They found that ',
  'Moreover, ',
  'In a cohort of 2,000 adults, ',
  'We found that ',
  'Treatment with ',
  '',
]
const MIDDLES = [
  'lowered',
  'did not change',
  'was associated with',
  'reduced',
  'increased the risk of',
]
const TAILS = [
  '.',
  ' (HR 0.8, 95% CI 0.7-0.9).',
  ' (see the "main" analysis.',
  ' [12].',
  ' in “older adults.',
  ' in older adults [3, 4].',
  '…',
]

const sentence = fc
  .record({
    opening: fc.constantFrom(...OPENINGS),
    subject: fc.constantFrom(...TOPIC),
    middle: fc.constantFrom(...MIDDLES),
    object: fc.constantFrom(...TOPIC),
    tail: fc.constantFrom(...TAILS),
  })
  .map(({ opening, subject, middle, object, tail }) => {
    const text = `${opening}${subject} ${middle} ${object} levels in the trial${tail}`
    return text.charAt(0).toUpperCase() + text.slice(1)
  })

const passage = fc.array(sentence, { minLength: 1, maxLength: 6 }).map((s) => s.join(' '))

const LEANS = /^(However|Secondly|These|This|They|Moreover)\b/i

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function balanced(text: string): boolean {
  const stack: string[] = []
  const closes: Record<string, string> = { ')': '(', ']': '[', '”': '“', '’': '‘' }
  for (const ch of text.replace(/(\w)’(\w)/g, '$1$2')) {
    if ('([“‘'.includes(ch)) stack.push(ch)
    else if (ch in closes && stack.pop() !== closes[ch]) return false
  }
  return stack.length === 0 && (text.match(/"/g)?.length ?? 0) % 2 === 0
}

describe('offline writer properties', () => {
  it('writes only verbatim, whole, standalone, balanced sentences of the source it cites', () => {
    fc.assert(
      fc.property(
        fc.array(passage, { minLength: 1, maxLength: 4 }),
        fc.constantFrom(...TOPIC),
        (texts, topic) => {
          const passages = texts.map((text, i) => ({ number: i + 1, title: `Paper ${i}`, text }))
          const written = writeOfflineAnswer(`Do ${topic} matter?`, passages)
          for (const s of written) {
            const source = passages[s.number - 1]
            expect(source).toBeDefined()
            const sourceText = stripReferenceMarkers(source?.text ?? '')
            // A sentence opening with "Secondly," or "Moreover," is quoted from after it.
            const cut = s.text.startsWith('… ')
            const body = cut ? s.text.slice(2) : s.text
            if (cut) expect(sourceText).toMatch(new RegExp(`(Secondly|Moreover), ${escaped(body)}`))
            else expect(sourceText).toContain(body)
            if (!cut) expect(body).toMatch(/^[\p{Lu}\p{N}].*[.!?]$/u)
            expect(body).toMatch(/[.!?]$/)
            expect(body).not.toMatch(LEANS)
            expect(body).not.toContain('…')
            expect(body).not.toMatch(/\[\d/)
            expect(balanced(s.text)).toBe(true)
          }
          const answer = attributedPieces(written).join('')
          expect(balanced(answer.replace(/\[\d+\]/g, ''))).toBe(true)
          if (written.length > 0) expect(answer).toMatch(/^\[\d+\] \w+: “/)
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('attributed answer', () => {
  it("quotes each sentence and names its source, never in Quire's own voice", () => {
    const pieces = attributedPieces([
      { text: 'We reviewed 40 cohort studies of statin use.', number: 2, kind: 'method' },
      { text: 'Statin use lowered LDL cholesterol by 30%.', number: 2, kind: 'result' },
      { text: 'Statins are "safe" in most adults.', number: 1, kind: 'conclusion' },
    ])
    expect(pieces.join('')).toBe(
      '[2] describes: “We reviewed 40 cohort studies of statin use.” “Statin use lowered LDL ' +
        'cholesterol by 30%.”\n\n[1] concludes: “Statins are "safe" in most adults.”',
    )
  })
})
