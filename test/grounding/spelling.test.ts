// A word the library never uses is read as its nearest index term, spelt as the library spells
// it, and only from the namespaces searched.
import { describe, expect, it } from 'vitest'
import {
  respellQuery,
  type IndexTerm,
  type SpellingLookups,
  type TermStatistics,
} from '../../workers/grounding'
import { typoDistance, wordStemmedTo } from '../../workers/grounding/spelling'

/** A library: its index terms with their chunk counts, and one text per term it holds. */
function library(terms: Record<string, number>, texts: Record<string, string>) {
  const asked: string[] = []
  const stats: TermStatistics = { documents: 5000, documentFrequency: (t) => terms[t] ?? 0 }
  const lookups: SpellingLookups = {
    stats: async () => stats,
    near: async (stem, edits) => {
      asked.push(stem)
      return Object.entries(terms)
        .filter(
          ([t]) => t.startsWith(stem.slice(0, 3)) && Math.abs(t.length - stem.length) <= edits,
        )
        .map(([term, documents]): IndexTerm => ({ term, documents }))
    },
    textHolding: async (term) => texts[term] ?? null,
  }
  return { lookups, asked }
}

describe('respellQuery', () => {
  it("reads a misspelt word as the library's nearest term, in the library's spelling", async () => {
    const { lookups } = library(
      { physic: 300, injuri: 200, repress: 150, transglutaminas: 12, activ: 900 },
      { transglutaminas: 'Tissue transglutaminase is a wound response enzyme.' },
    )
    const query = 'Physical injury represses transgultaminase activity.'
    expect(await respellQuery(query, lookups)).toBe(
      'Physical injury represses transglutaminase activity.',
    )
  })

  it('prefers the fewest edits, then the term more chunks hold', async () => {
    const { lookups } = library(
      { blood: 400, glucos: 300, glucoa: 5, hypertens: 100, hypertensiv: 900 },
      {
        glucos: 'Blood glucose fell.',
        glucoa: 'Glucoa levels.',
        hypertens: 'Hypertension was common.',
        hypertensiv: 'Hypertensive patients.',
      },
    )
    // A slip of one key from both "glucos" and "glucoa": the one in more chunks.
    expect(await respellQuery('Does it lower blood glucoze?', lookups)).toBe(
      'Does it lower blood glucose?',
    )
    // One edit from "hypertens", more from "hypertensiv": the nearer, though in fewer chunks.
    expect(await respellQuery('Is hypertenssion treated?', lookups)).toBe(
      'Is hypertension treated?',
    )
  })

  it('never offers a term the namespaces searched do not hold', async () => {
    // The index holds it (another library's chunk), the namespaces searched do not.
    const { lookups } = library({ statin: 40, cardiovascular: 300 }, {})
    const query = 'Do statins reduce cardiovasculer events?'
    expect(await respellQuery(query, lookups)).toBe(query)
  })

  it('leaves known words, short words, numbers and words with nothing near alone', async () => {
    const { lookups, asked } = library(
      { chest: 400, statin: 40, metformin: 90, glucos: 300 },
      { chest: 'Chest pain.', metformin: 'Metformin lowers glucose.' },
    )
    for (const query of [
      'Who is the best chess player?',
      'Does metformin lower glucose?',
      'Do statins at 200000 units help?',
      'What is tolerance stacking?',
    ])
      expect(await respellQuery(query, lookups)).toBe(query)
    // Only unknown words whose stems have six letters or more were looked up ("toler" and
    // "stack" are too short to respell).
    expect(asked).toEqual(['player'])
  })
})

describe('wordStemmedTo', () => {
  it('reads the word FTS5 stored as a stem, lowered unless it is an acronym or a name', () => {
    expect(wordStemmedTo('Statins were ASSOCIATED with less risk.', 'associ')).toBe('ASSOCIATED')
    expect(wordStemmedTo('Associated risks were low.', 'associ')).toBe('associated')
    expect(wordStemmedTo('Nothing here.', 'associ')).toBeNull()
  })
})

describe('typoDistance', () => {
  it('counts a slip, a missing, extra or swapped letter as one edit, another letter as two', () => {
    expect(typoDistance('glucoze', 'glucose')).toBe(1) // z beside s
    expect(typoDistance('diabetis', 'diabetes')).toBe(1) // a vowel for a vowel
    expect(typoDistance('transgultaminase', 'transglutaminase')).toBe(1) // swapped
    expect(typoDistance('asssociated', 'associated')).toBe(1) // extra
    expect(typoDistance('reactor', 'reactom')).toBe(2) // r and m: another word
  })
})
