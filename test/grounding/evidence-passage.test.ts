// The evidence of a chunk is the passage that answers the question: its best-matching
// sentences in order, with neighbours while room is left, gaps marked, within the bound.
// The abstract is SciFact 9169645 (ODC-By 1.0, Wadden et al. 2020).
import { describe, expect, it } from 'vitest'
import { EVIDENCE_PASSAGE_CHARS, evidencePassage, splitSentences } from '../../workers/grounding'

const abstract =
  'p53 is a transcription factor that mediates cell cycle arrest and apoptosis in response to ' +
  'DNA damage. The ability of p53 to induce apoptosis requires its sequence-specific DNA ' +
  'binding activity; however, the transactivation-deficient p53(Gln22-Ser23) can still induce ' +
  'apoptosis. Previously, we have shown that the region between residues 23 and 97 in p53 is ' +
  'necessary for such activity. Here we describe the generation of several cell lines and the ' +
  'methods used to grow them in culture for many weeks under standard conditions. The cells ' +
  'were passaged twice a week and counted with an automated counter every third day of the ' +
  'protocol. Statistical analyses used two-sided tests throughout and a significance level ' +
  'that was fixed in advance. In an effort to more precisely map a domain necessary for ' +
  'apoptosis within the N terminus, we found that deletion of the N-terminal 23 amino acids ' +
  'compromises, but does not abolish, p53 induction of apoptosis. Funding came from several ' +
  'public agencies and private foundations, which had no role in the design of the study.'

describe('evidencePassage', () => {
  const passage = evidencePassage('Which domain of p53 is needed to induce apoptosis?', abstract)

  it('holds the late sentence that answers the question, not just the opening', () => {
    expect(passage).toContain('deletion of the N-terminal 23 amino acids compromises')
    expect(passage.replace(/ ?… ?/g, ' ').length).toBeLessThanOrEqual(EVIDENCE_PASSAGE_CHARS)
  })

  it('keeps whole sentences of the chunk in their order and marks the gaps', () => {
    const sentences = splitSentences(abstract)
    const kept = splitSentences(passage.replace(/… /g, '')).filter((s) => s !== '…')
    const positions = kept.map((s) => sentences.indexOf(s))
    expect(positions.every((p) => p >= 0)).toBe(true)
    expect([...positions].sort((a, b) => a - b)).toEqual(positions)
    expect(passage).toMatch(/ … /)
    expect(passage).not.toContain('Funding came from')
  })

  it('returns a short chunk whole, whitespace collapsed', () => {
    expect(evidencePassage('p53', 'Short  text\nabout p53.')).toBe('Short text about p53.')
  })

  it('falls back to the opening when no sentence uses the question’s words', () => {
    expect(evidencePassage('offside rule in football', abstract)).toMatch(/^p53 is a transcription/)
  })
})
