// The ending parser: strict lines, tolerant variants (case, spacing, bold, bullets), the
// compact reviewer form, and malformed endings that mark the turn unparsed without throwing.
import { describe, expect, it } from 'vitest'
import { parseEnding } from '../../workers/debate'

const STRICT = `Body [1].

Agreement: DISAGREE
Viability: NOT_VIABLE
Validation: FAIL
Conclusion: The loop never terminates.`

describe('debate ending parser', () => {
  it('reads the four strict lines', () => {
    expect(parseEnding(STRICT, 'pessimist')).toMatchObject({
      agreement: 'DISAGREE',
      viability: 'NOT_VIABLE',
      validation: 'FAIL',
      conclusion: 'The loop never terminates.',
      parsed: true,
      style: 'strict',
    })
  })

  it('tolerates markdown bold, bullets, odd case and spacing', () => {
    const text = `- **agreement** : agree\n**Viability:** Viable.\n__validation__ = pass\n> Conclusion -  Works.`
    expect(parseEnding(text, 'pessimist')).toMatchObject({
      agreement: 'AGREE',
      viability: 'VIABLE',
      validation: 'PASS',
      conclusion: 'Works.',
      parsed: true,
      style: 'tolerant',
    })
  })

  it('does not read NOT VIABLE as VIABLE, nor DISAGREE as AGREE', () => {
    const text = 'Agreement: disagree\nViability: not viable\nValidation: n/a\nConclusion: No.'
    expect(parseEnding(text, 'optimist')).toMatchObject({
      agreement: 'DISAGREE',
      viability: 'NOT_VIABLE',
      validation: 'N/A',
    })
  })

  it('accepts the compact reviewer ending', () => {
    const text = 'Checked.\nAnswer: VERIFIED\nVerification Reason: The tests cover every branch.'
    expect(parseEnding(text, 'pessimist')).toMatchObject({
      answer: 'VERIFIED',
      viability: 'VIABLE',
      validation: 'PASS',
      verificationReason: 'The tests cover every branch.',
      parsed: true,
    })
  })

  it('marks a reply with missing lines unparsed', () => {
    const ending = parseEnding('Agreement: AGREE\nViability: VIABLE', 'pessimist')
    expect(ending.parsed).toBe(false)
    expect(ending.style).toBe('none')
  })

  it('marks garbage values unparsed instead of guessing', () => {
    const text = 'Agreement: maybe\nViability: ???\nValidation: sort of\nConclusion: Unsure.'
    const ending = parseEnding(text, 'pessimist')
    expect(ending).toMatchObject({ agreement: null, viability: null, validation: null })
    expect(ending.parsed).toBe(false)
  })

  it('never throws on empty or truncated text', () => {
    for (const text of ['', 'Agreement:', 'Validation', '**', 'Conclusion: \n']) {
      expect(() => parseEnding(text, 'optimist')).not.toThrow()
      expect(parseEnding(text, 'optimist').parsed).toBe(false)
    }
  })

  it('does not grant the compact ending to scientist 1', () => {
    expect(parseEnding('Answer: VERIFIED', 'optimist').parsed).toBe(false)
  })
})
