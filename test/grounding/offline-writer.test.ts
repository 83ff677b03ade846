import { describe, expect, it } from 'vitest'
import { stripReferenceMarkers, writeOfflineAnswer } from '../../workers/grounding'

const structured = {
  number: 1,
  title: 'Vitamin D and fractures in older women',
  text:
    'BACKGROUND Fractures are common in older women [1]. OBJECTIVE To test the hypothesis that ' +
    'vitamin D supplementation reduces fractures in older women. METHODS We enrolled 2,000 women ' +
    'aged over 70 and gave vitamin D or placebo. RESULTS Vitamin D supplementation did not reduce ' +
    'fractures in older women (HR 0.98, 95% CI 0.85-1.12) [12, 14]. CONCLUSIONS These findings ' +
    'suggest that vitamin D supplementation alone does not prevent fractures in older women.',
}
const unstructured = {
  number: 2,
  title: 'Calcium with vitamin D',
  text:
    'Aims: To examine whether calcium adds to vitamin D. Calcium given with vitamin D reduced hip ' +
    'fractures by 16% in women in care homes [3]. The mean…',
}

describe('offline answer writer', () => {
  const question = 'Does vitamin D supplementation reduce fractures in older women?'
  const answer = writeOfflineAnswer(question, [structured, unstructured])
  const texts = answer.map((s) => s.text)

  it('states findings, not aims or methods', () => {
    expect(texts.length).toBeGreaterThan(0)
    expect(texts.join(' ')).not.toMatch(/To test the hypothesis|To examine whether|We enrolled/)
    expect(texts[0]).toMatch(/did not reduce|does not prevent/)
  })

  it('drops section labels and keeps whole sentences only', () => {
    for (const text of texts) {
      expect(text).not.toMatch(/^(BACKGROUND|OBJECTIVE|METHODS|RESULTS|CONCLUSIONS|Aims:)/)
      expect(text).toMatch(/^[A-Z].*[.!?]$/)
      expect(text).not.toContain('…')
    }
  })

  it('quotes every sentence verbatim from the source it cites, without reference markers', () => {
    const byNumber = new Map([structured, unstructured].map((p) => [p.number, p]))
    for (const sentence of answer) {
      expect(stripReferenceMarkers(byNumber.get(sentence.number)?.text ?? '')).toContain(
        sentence.text,
      )
      expect(sentence.text).not.toMatch(/\[\d/)
    }
  })

  it('opens with what the subject is when asked what it is', () => {
    const finding = {
      number: 1,
      title: 'Optineurin and Salmonella',
      text: 'We found that phosphorylation of optineurin promoted selective autophagy of Salmonella.',
    }
    const definition = {
      number: 2,
      title: 'Autophagy in stem cells',
      text: 'Autophagy is a lysosomal pathway that degrades damaged organelles and proteins.',
    }
    const named = {
      number: 3,
      title: 'mTOR inhibitors',
      text:
        'Rapamycin slowed tumour growth in mice. Mammalian target of rapamycin (mTOR) is a ' +
        'protein kinase that controls growth in response to nutrients.',
    }
    const first = (question: string) =>
      writeOfflineAnswer(question, [finding, definition, named])[0]?.number
    expect(first('What is autophagy?')).toBe(2)
    expect(first('What is mTOR?')).toBe(3)
    // Any other question keeps the finding first.
    expect(first('Does autophagy restrict Salmonella?')).toBe(1)
  })

  it('writes nothing when no sentence shares a word with the question', () => {
    expect(writeOfflineAnswer('Who won the 2018 World Cup?', [structured])).toEqual([])
  })

  it('quotes a sentence after an opening that only orders it, marking the cut, never after "However"', () => {
    // The shape of SciFact 7454794, where the one sentence on statins and diabetes opens so.
    const statins = {
      number: 3,
      title: 'Statins in the primary prevention of cardiovascular disease',
      text:
        'Statins lower cardiovascular risk in people without heart disease. ' +
        'Secondly, long-term statin use might cause adverse effects, such as incident diabetes mellitus. ' +
        'However, statin use did not raise the risk of diabetes in older adults.',
    }
    const written = writeOfflineAnswer('Do statins cause diabetes?', [statins], { maxPerSource: 3 })
    const texts = written.map((s) => s.text)
    expect(texts[0]).toBe(
      '… long-term statin use might cause adverse effects, such as incident diabetes mellitus.',
    )
    expect(texts.join(' ')).not.toMatch(/did not raise/)
  })
})
