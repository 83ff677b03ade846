// Figure and table debris of PDF pages is never quoted as a sentence, a numbered heading run
// into a sentence is cut off it, and prose passes, numbers and capitals included.
import { describe, expect, it } from 'vitest'
import { isProse, withoutRunInHeading, writeOfflineAnswer } from '../../workers/grounding'
import { extractivePaperAnswer } from '../../workers/papers'

const DEBRIS = [
  'Crawler Selector Select Selector Drop Down Selector Output Selector.',
  'Crawler Selector Select Selector Drop Down Menu Input Output Queue.',
  'Model Accuracy Precision Recall F1 Latency Memory.',
  'BERT 0.82 0.75 0.91 RoBERTa 0.85 0.79 0.93 XLNet 0.84 0.78 0.92.',
  'ours w/o attention 0.81 0.77 0.80 full model 0.85 0.82 0.84.',
  'Table 3 Dataset Train Dev Test SQuAD 87599 10570 9533.',
  '2010 2011 2012 2013 2014 2015 2016 2017 2018 2019.',
  'Figure 2 Encoder Decoder Attention Encoder Decoder Attention Softmax Output.',
  'Input Layer Hidden Layer Hidden Layer Output Layer Loss.',
  'Parser Tokenizer Indexer Ranker Parser Tokenizer Indexer Ranker.',
  'User Query Search Engine Results Page Click Log Dwell Time.',
  'Node A Node B Node C Edge AB Edge BC Edge CA.',
  'data data data data data data of the data data.',
]

const PROSE = [
  'In 2019, 45 of 120 patients (37.5%) died within a year of the diagnosis.',
  'We compare BERT, RoBERTa, XLNet, ALBERT, ELECTRA and DeBERTa on SQuAD.',
  'Accuracy rose from 0.82 to 0.91 (p < 0.01) across 3 datasets.',
  'The crawler uses a CSS selector to select the links it follows next.',
  'Doses of 0.1, 0.2, 0.5 and 1.0 mg/kg were given to the mice for 12 weeks.',
  'Table 2 shows that the model outperforms every baseline on all four tasks.',
  'The US Food and Drug Administration approved the drug in March 2020.',
  'Statin therapy reduced LDL cholesterol by 1.8 mmol/L (95% CI 1.6-2.0).',
  'Our system answers 87.5% of the SQuAD questions within 250 ms on one GPU.',
  'Transformer models such as GPT-3 and PaLM scale to hundreds of billions of parameters.',
  'Each layer of the network passes its output to the layer after it.',
  'Participants in the London and Paris cohorts were followed for 10 years.',
]

describe('isProse', () => {
  it.each(DEBRIS)('reads "%s" as debris', (text) => expect(isProse(text)).toBe(false))
  it.each(PROSE)('reads "%s" as prose', (text) => expect(isProse(text)).toBe(true))
})

describe('withoutRunInHeading', () => {
  it.each([
    ['6 Conclusion In this paper we present a crawler for news sites.', 'In this paper'],
    ['1 Introduction In recent years, crawlers have grown.', 'In recent years'],
    ['2 Background The BERT model is a transformer encoder.', 'The BERT model'],
    ['3.2 Data Collection Participants were recruited online.', 'Participants were'],
    ['4 Related Work Prior crawlers ignore page layout.', 'Prior crawlers'],
    ['5. Discussion Our results show that layout matters.', 'Our results'],
    ['7 Results and Analysis We found the crawler twice as fast.', 'We found'],
  ])('cuts the heading off "%s"', (text, opening) => {
    expect(withoutRunInHeading(text).startsWith(opening)).toBe(true)
  })

  it.each([
    '12 patients died in the first year of the trial.',
    '12 Patients were enrolled from three centres.',
    '2019 was the warmest year on record in Europe.',
    'In this paper we present a crawler for news sites.',
  ])('leaves "%s" as it is', (text) => expect(withoutRunInHeading(text)).toBe(text))
})

const PAGE_TEXT =
  'Crawler Selector Select Selector Drop Down Selector Output Selector. ' +
  'BERT 0.82 0.75 0.91 crawler 0.85 0.79 0.93 selector 0.84 0.78 0.92. ' +
  '6 Conclusion In this paper we present a crawler that learns which selector to follow. ' +
  'The crawler selector drops pages whose layout repeats a page already seen.'

describe('offline quotes from pages', () => {
  it('never quotes figure or table debris, and quotes a heading run-in without its heading', () => {
    const written = writeOfflineAnswer(
      'How does the crawler selector work?',
      [{ number: 1, title: 'A learned crawler', text: PAGE_TEXT }],
      { maxPerSource: 5 },
    )
    expect(written.length).toBeGreaterThan(0)
    for (const { text } of written) {
      expect(isProse(text)).toBe(true)
      expect(text).not.toMatch(/^\d+ Conclusion/)
    }
    expect(written.map((s) => s.text)).toContain(
      'In this paper we present a crawler that learns which selector to follow.',
    )
  })

  it('keeps debris out of the offline paper chat answer', () => {
    const answer = extractivePaperAnswer('How does the crawler selector work?', [
      { paperId: 'p1', title: 'A learned crawler', page: 3, text: PAGE_TEXT },
    ])
    expect(answer).toContain('[A learned crawler, Page 3]')
    expect(answer).not.toMatch(/Selector Select|0\.82 0\.75|6 Conclusion/)
  })
})
