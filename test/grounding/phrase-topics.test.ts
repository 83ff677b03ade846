import { describe, expect, it } from 'vitest'
import { judgeRelevance, querySignals, type TermStatistics } from '../../workers/grounding'

/** A biomedical library of 5,000 abstracts: "cell" is everywhere, "stem" in one in ten. */
const library: TermStatistics = {
  documents: 5000,
  documentFrequency: (term) =>
    ({ cell: 1800, stem: 420, stock: 6, market: 30, death: 180, studi: 2500 })[term] ?? 20,
}

const stemCellPapers = [
  {
    title: 'Hematopoietic stem cells age through loss of polarity',
    text: 'Aged stem cells lose the polarity of Cdc42. Restoring it rejuvenates stem cells in mice.',
  },
  {
    title: 'Niche signals that keep intestinal stem cells dividing',
    text: 'Paneth cells supply Wnt ligands to neighbouring stem cells at the crypt base.',
  },
  {
    title: 'Reprogramming fibroblasts into pluripotent stem cells',
    text: 'Four factors turned skin cells into stem cells that formed every germ layer.',
  },
]

const marketPapers = [
  {
    title: 'Drug prices after market entry of generics',
    text: 'Prices fell by half within two years of market entry. Hospital stock levels were unchanged.',
  },
  {
    title: 'Cost of hospital stays in five health systems',
    text: 'The market share of private hospitals rose. Stock of beds per person fell.',
  },
]

describe('a topic named in everyday words', () => {
  it('answers when the top passages hold its words side by side', () => {
    const judgement = judgeRelevance('stem cells', stemCellPapers, library)
    expect(judgement.abstain).toBe(false)
    expect([...judgement.relevant].sort()).toEqual([0, 1, 2])
  })

  it('cites only the sources that hold all of it once one does', () => {
    const infantDeath = {
      title: 'Sudden infant death syndrome: a definition revisited',
      text: 'Sudden infant death remains the leading cause of death after the first month.',
    }
    const papers = [
      {
        title: 'Caspase inhibitors reveal backup cell death programmes',
        text: 'Cells died without caspases.',
      },
      infantDeath,
      {
        title: 'Autophagic cell death by catalase degradation',
        text: 'Autophagy killed the cells.',
      },
    ]
    const judgement = judgeRelevance('cell death', papers, library)
    expect(judgement.abstain).toBe(false)
    expect([...judgement.relevant].sort()).toEqual([0, 2])
    // Four terms are a question, not a name: a source meeting most of it is still cited.
    const sids = {
      title: 'Sudden infant death and sleeping position',
      text: 'Sudden infant death fell after the campaign.',
    }
    const caspase = {
      title: 'Sudden infant death and caspase cell death in the brainstem',
      text: 'Brainstem neurons showed caspase activity.',
    }
    const question = judgeRelevance('sudden infant death cell', [caspase, sids], library)
    expect([...question.relevant].sort()).toEqual([0, 1])
  })

  it('cites only the sources holding both of its subjects once one does', () => {
    // "effect" is light: no sentence holds all three terms, but one holds both subjects.
    const stats: TermStatistics = {
      documents: 5000,
      documentFrequency: (term) => ({ effect: 1500, microbiom: 30, obes: 150 })[term] ?? 20,
    }
    const papers = [
      {
        title: 'Antibiotics reshape the gut microbiome of mice',
        text: 'The microbiome recovered within weeks. Bile acids shifted.',
      },
      {
        title: 'Bacteria and metabolism',
        text: 'Commensal bacteria of the microbiome can influence obesity in mice.',
      },
      {
        title: 'The infant gut microbiome',
        text: 'Colonisation of the microbiome follows the mode of birth.',
      },
    ]
    const judgement = judgeRelevance('effects of microbiome on obesity', papers, stats)
    expect(judgement.abstain).toBe(false)
    expect(judgement.relevant).toEqual([1])
    // Neither subject beside the other anywhere: each source speaking to one is still cited.
    const apart = judgeRelevance(
      'effects of microbiome on obesity',
      [papers[0]!, papers[2]!],
      stats,
    )
    expect(apart.abstain).toBe(false)
    expect([...apart.relevant].sort()).toEqual([0, 1])
  })

  it('abstains when the passages hold its words only apart', () => {
    expect(judgeRelevance('stock market', marketPapers, library).abstain).toBe(true)
  })

  it('counts the phrase and how widely the top passages cover the question', () => {
    const held = querySignals('stem cells', stemCellPapers, library).query
    expect(held.phrase).toBe(1)
    expect(held.support).toBeCloseTo(1)
    const apart = querySignals('stock market', marketPapers, library).query
    expect(apart.phrase).toBe(0)
    expect(apart.support).toBeCloseTo(1)
    // A question of one term is its own phrase, met when a passage holds it.
    expect(querySignals('stem', stemCellPapers, library).query.phrase).toBe(1)
    expect(querySignals('telomeres', stemCellPapers, library).query.phrase).toBe(0)
  })
})
