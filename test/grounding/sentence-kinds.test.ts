import { describe, expect, it } from 'vitest'
import { abstractSentences, writeOfflineAnswer } from '../../workers/grounding'

// An evidence excerpt of a structured abstract: the gap marks ("… ") stand for left-out text,
// and a section label may follow one.
const excerpt =
  'OBJECTIVE To evaluate whether night shift work raises the risk of breast cancer. … ' +
  'RESULTS Night shift work for over 20 years was associated with a higher risk of breast ' +
  'cancer (HR 1.4, 95% CI 1.1-1.8). … Nurses who worked rotating nights for fewer years had ' +
  'no added risk of breast cancer.'

describe('sentence kinds', () => {
  it('reads a section label that follows a gap mark, and drops it from the sentence', () => {
    const [aim, result] = abstractSentences(excerpt)
    expect(aim).toMatchObject({ kind: 'aim' })
    expect(result?.kind).toBe('result')
    expect(result?.text).toMatch(/^… Night shift work for over 20 years/)
  })

  it('drops labels of several words, joined by "and" or a slash, and keeps acronyms', () => {
    const sentences = abstractSentences(
      'MAIN OUTCOMES AND MEASURES Colorectal cancer. CONCLUSIONS AND RELEVANCE Aspirin use was ' +
        'associated with lower risk. CONCLUSIONS/SIGNIFICANCE The gene matters. PURPOSE OF ' +
        'REVIEW To weigh the trials. TRIAL REGISTRATION The trial was registered. CAR T cells ' +
        'killed the tumour.',
    )
    expect(sentences.map((s) => s.text)).toEqual([
      'Colorectal cancer.',
      'Aspirin use was associated with lower risk.',
      'The gene matters.',
      'To weigh the trials.',
      'The trial was registered.',
      'CAR T cells killed the tumour.',
    ])
    // A word and a colon is a label only when it names a section.
    expect(abstractSentences('Aspirin: a review of trials.')[0]?.text).toBe(
      'Aspirin: a review of trials.',
    )
    expect(abstractSentences('Conclusions: Aspirin helps.')[0]?.text).toBe('Aspirin helps.')
    expect(sentences.map((s) => s.kind).slice(0, 4)).toEqual([
      'method',
      'conclusion',
      'conclusion',
      'aim',
    ])
  })

  it('does not carry a section across a gap that has no label', () => {
    const last = abstractSentences(excerpt)[2]
    // The omitted text may have changed the section: the sentence is read from its wording.
    expect(last?.kind).not.toBe('result')
    expect(
      abstractSentences('OBJECTIVE To test a drug. … The drug lowered mortality.')[1]?.kind,
    ).not.toBe('aim')
  })

  it('lets the offline writer quote the findings of an excerpt that opened with its aim', () => {
    const passage = { number: 1, title: 'Night shift work and breast cancer', text: excerpt }
    const written = writeOfflineAnswer('Does night shift work raise the risk of breast cancer?', [
      passage,
    ])
    expect(written[0]?.text).toMatch(/^Night shift work for over 20 years was associated/)
  })
})
