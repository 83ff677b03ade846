// Section labels of structured abstracts written in sentence or Title Case with no colon
// ("Data abstraction Two investigators …") never lead a quoted sentence; a sentence that only
// starts with such a word ("Design of the trial was …") stays whole.
import { describe, expect, it } from 'vitest'
import { abstractSentences, writeOfflineAnswer } from '../../workers/grounding'

const SENTENCE = 'Two independent investigators extracted data on mortality and adverse events.'

const LABELS = [
  'Data abstraction',
  'Data Abstraction',
  'Study selection',
  'Study Selection',
  'Main outcome measures',
  'Main Outcome Measures',
  'Main outcomes and measures',
  'Design, setting, and participants',
  'Design, Setting, and Participants',
  'Data sources',
  'Data extraction',
  'Data synthesis',
  'Eligibility criteria',
  'Selection criteria',
  'Search strategy',
  'Results',
  'Methods',
  'Conclusions',
  'Background',
  'Objective',
  'Setting',
  'Participants',
  'Interventions',
  'Measurements and main results',
  'Methods and findings',
  'Conclusions and relevance',
  'Statistical analysis',
  'Trial registration',
]

describe('section labels in sentence and Title Case', () => {
  it.each(LABELS)('drops "%s" before a capitalised sentence', (label) => {
    const [sentence] = abstractSentences(`${label} ${SENTENCE}`)
    expect(sentence?.text).toBe(SENTENCE)
  })

  it.each(LABELS)('drops "%s" before a sentence that opens with a number', (label) => {
    const text = '12 trials with 4,500 patients were included in the meta-analysis.'
    expect(abstractSentences(`${label} ${text}`)[0]?.text).toBe(text)
  })

  const WHOLE = [
    'Design of the trial was double blind and placebo controlled.',
    'Results were consistent across all subgroups of patients.',
    'Patients with diabetes had a higher risk of stroke.',
    'Setting up the registry took two years of work.',
    'Data from 12 cohorts were pooled for the analysis.',
    'Methods for measuring insulin resistance vary across the trials.',
    'Background noise lowered the accuracy of speech recognition.',
    'Study participants were recruited from primary care.',
    'Conclusions drawn from small trials are often unstable.',
    'Selection of controls followed the same protocol.',
    'Main results are summarised in the second table.',
    'Objective measures of sleep were taken with actigraphy.',
  ]
  it.each(WHOLE)('keeps "%s" whole', (text) => {
    expect(abstractSentences(text)[0]?.text).toBe(text)
  })

  it('reads the role of a cased label for the sentence after it', () => {
    const [method, result] = abstractSentences(
      `Data abstraction ${SENTENCE} Results Statin therapy lowered mortality by a fifth.`,
    )
    expect(method?.kind).toBe('method')
    expect(result?.kind).toBe('result')
  })

  it('never lets the offline writer quote a label as part of a sentence', () => {
    const text =
      'Study selection Twelve randomised trials of statin therapy were selected. Data ' +
      'abstraction Two independent investigators extracted data on statin therapy. Main ' +
      'Outcome Measures Statin therapy and all-cause mortality were the outcomes. Results ' +
      'Statin therapy reduced all-cause mortality in adults at high risk.'
    const written = writeOfflineAnswer(
      'Does statin therapy reduce mortality?',
      [{ number: 1, title: 'Statins: a meta-analysis', text }],
      { maxPerSource: 4 },
    )
    expect(written.length).toBeGreaterThan(0)
    for (const sentence of written)
      expect(sentence.text).not.toMatch(/^(Study selection|Data abstraction|Main Outcome|Results) /)
  })
})
