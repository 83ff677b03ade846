// Offline related questions name the question's own topic: neighbouring words stay one
// phrase, compounds and names stay whole, verbs and numbers alone are no topic, a rare subject
// outweighs a common word, and a follow-up's topic comes from the standalone query it was
// searched as.
import { describe, expect, it } from 'vitest'
import { offlineRelatedQuestions, topicPhrase, type TermStatistics } from '../../workers/grounding'

const sources = [
  'Vitamin D deficiency in postmenopausal women',
  'Serum 25(OH)D and vitamin D supplementation: fewer fractures with D3 given daily.',
]

describe('topicPhrase', () => {
  it('keeps neighbouring words of the question together instead of joining them with "and"', () => {
    const topic = topicPhrase('Does vitamin D supplementation prevent bone fractures?', sources)
    expect(topic).not.toMatch(/ and /)
    expect(topic).toContain('vitamin D')
  })

  it('joins two separate phrases of the question with "and"', () => {
    const topic = topicPhrase('How do sleep duration and insulin resistance relate?', [
      'Short sleep duration predicts insulin resistance in adolescents.',
      'Sleep duration and insulin resistance: a cohort.',
    ])
    expect(topic).toBe('sleep duration and insulin resistance')
  })

  it('never takes a word that frames the question for its topic', () => {
    const topic = topicPhrase('impact of exercise on depression', [
      'The impact of homelessness on children: anxiety, depression and hunger.',
      'Left ventricular function predicts exercise capacity and its impact on age.',
      'Regular exercise is usually beneficial.',
    ])
    expect(topic).toBe('exercise and depression')
  })

  it('keeps possessives, hyphenated words and a capital before its noun in the phrase', () => {
    expect(
      topicPhrase("What is the role of microglia in Alzheimer's disease?", [
        'Microglia in Alzheimer’s disease: friends or foes?',
        "Microglia clear amyloid in Alzheimer's disease models.",
      ]),
    ).toBe("microglia and Alzheimer's disease")
    expect(
      topicPhrase('Toll-like receptors', [
        'Toll-like receptors sense microbes.',
        'TLR4 and Toll-like receptor signalling',
      ]),
    ).toBe('Toll-like receptors')
    // Each part of a hyphenated word can open or close a phrase, and keeps its hyphen.
    expect(
      topicPhrase('Algerian physicians form a share of sub-Saharan Africa-trained physicians.', [
        'Physicians trained in sub-Saharan Africa migrate.',
        'Emigration of sub-Saharan Africa physicians.',
      ]),
    ).toBe('sub-Saharan Africa')
    expect(
      topicPhrase('β-sheet opening occurs during pore formation.', [
        'β-sheet opening in pore formation',
        'The β-sheet of pleurotolysin opens.',
      ]),
    ).toMatch(/^β-sheet/)
    expect(
      topicPhrase('How do T cells recognize antigens?', [
        'T cells recognize antigens presented by MHC molecules.',
        'Antigens and T cells: a review.',
      ]),
    ).toBe('T cells and antigens')
  })

  it('keeps a number inside a name and leaves verbs out', () => {
    const diabetes = ['Risk factors for type 2 diabetes.', 'Type 2 diabetes in adolescents.']
    expect(topicPhrase('What causes type 2 diabetes?', diabetes)).toBe('type 2 diabetes')
    expect(
      topicPhrase('miRNAs regulate homeostasis in cells.', [
        'miRNAs regulate homeostasis of the immune system.',
        'How miRNAs regulate homeostasis.',
      ]),
    ).toBe('miRNAs and homeostasis')
  })

  it('lowers an opening capital the sources write in lower case, and keeps a name', () => {
    const peptides = [
      'Natriuretic peptides and diabetes',
      'Plasma natriuretic peptides in obesity.',
    ]
    expect(
      topicPhrase('Natriuretic peptides increase susceptibility to diabetes.', peptides),
    ).toMatch(/^natriuretic peptides/)
    const drosophila = ['Drosophila wing development.', 'Wing discs of Drosophila larvae.']
    expect(topicPhrase('Drosophila wing development', drosophila)).toMatch(/^Drosophila/)
  })

  it('weighs a rare subject above a common word every source repeats', () => {
    const sources = [
      'Statins and the risk of dementia: a cohort study.',
      'Statin use and risk of cardiovascular events.',
      'Cholesterol lowering with statins reduces the risk of stroke.',
      'Dementia risk in older adults.',
    ]
    const frequency: Record<string, number> = { statin: 40, risk: 900, dementia: 30, reduc: 700 }
    const stats: TermStatistics = {
      documents: 5000,
      documentFrequency: (term) => frequency[term] ?? 1,
    }
    expect(topicPhrase('Do statins reduce the risk of dementia?', sources, stats)).toBe(
      'statins and dementia',
    )
  })
})

describe('offlineRelatedQuestions', () => {
  it('asks about the searched topic of a follow-up, not its leftover words', () => {
    const searched = 'What blood level of it is considered adequate? vitamin calcium absorption'
    const questions = offlineRelatedQuestions(searched, [
      'Calcium absorption varies with serum 25-hydroxyvitamin D.',
      'Calcium absorption and vitamin D status in older adults.',
    ])
    expect(questions[0]).toMatch(/calcium absorption/)
  })
})
