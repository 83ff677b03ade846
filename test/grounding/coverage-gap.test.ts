// The offline answer says what its passages leave out of the question: a subject none of them
// mentions, or two subjects none of them holds together. Judged by corpus statistics only.
import { describe, expect, it } from 'vitest'
import {
  coverageGap,
  coverageGapNote,
  followUpGap,
  subjectLeftTo,
  type TermStatistics,
} from '../../workers/grounding'
import { withCarried } from '../../workers/grounding/rewrite'

/** A corpus of 5,000 chunks where everyday research words are common and subjects rare. */
const frequency: Record<string, number> = {
  statin: 40,
  dementia: 30,
  yoga: 2,
  blood: 400,
  pressur: 350,
  lower: 600,
  reduc: 700,
  risk: 900,
}
const stats: TermStatistics = { documents: 5000, documentFrequency: (t) => frequency[t] ?? 5 }
const passage = (text: string) => ({ title: '', text })

describe('coverageGap', () => {
  it('names two subjects that no passage holds together', () => {
    const passages = [
      passage('Statins reduced the risk of major coronary events.'),
      passage('A longer reproductive period did not reduce the risk of dementia.'),
    ]
    const gap = coverageGap('Do statins reduce the risk of dementia?', passages, stats)
    expect(gap).toEqual({
      kind: 'apart',
      words: ['statins', 'dementia'],
      within: 'sentence',
      sharedPassage: false,
    })
    expect(coverageGapNote(gap as NonNullable<typeof gap>)).toBe(
      'No passage found speaks of “statins” and “dementia” together; each quote below speaks to one of them, not to the two together.',
    )
  })

  it('asks the subjects of a short question to meet in one sentence', () => {
    const sentencesApart = [
      passage('Exercise capacity fell with age. Depression was common among the carers.'),
      passage('Regular exercise protects the heart.'),
    ]
    expect(coverageGap('impact of exercise on depression', sentencesApart, stats)).toEqual({
      kind: 'apart',
      words: ['exercise', 'depression'],
      within: 'sentence',
      sharedPassage: true,
    })
    const together = [passage('Exercise eased depression in older adults.'), ...sentencesApart]
    expect(coverageGap('impact of exercise on depression', together, stats)).toBeNull()
  })

  it('never takes a word relating the subjects for one of them', () => {
    // "influence" is rarer here than "cancer", yet it names no subject: "cancer" does.
    const relating: TermStatistics = {
      documents: 5000,
      documentFrequency: (t) => ({ influenc: 60, diet: 40, cancer: 400 })[t] ?? 5,
    }
    const passages = [
      passage('A methionine-rich diet raised lipid peroxidation in rabbits.'),
      passage('Diet shapes the gut microbiota from birth; its influence lasts.'),
    ]
    expect(coverageGap('influence of diet on cancer', passages, relating)).toEqual({
      kind: 'missing',
      word: 'cancer',
    })
  })

  it('names a subject that no passage mentions', () => {
    const passages = [
      passage('Lowering blood pressure with diuretics.'),
      passage('Blood pressure in pregnancy.'),
    ]
    expect(coverageGap('Can yoga lower blood pressure?', passages, stats)).toEqual({
      kind: 'missing',
      word: 'yoga',
    })
  })

  it('says nothing when one passage holds every subject, or without statistics', () => {
    const passages = [
      passage('Statins and the risk of dementia in a cohort of older adults.'),
      passage('Statins reduced the risk of major coronary events.'),
    ]
    expect(coverageGap('Do statins reduce the risk of dementia?', passages, stats)).toBeNull()
    const apart = [passage('Statins and stroke.'), passage('Dementia in old age.')]
    expect(coverageGap('Do statins reduce the risk of dementia?', apart)).toBeNull()
    expect(coverageGap('statins', [passage('Statins and stroke.')], stats)).toBeNull()
  })
})

describe('followUpGap', () => {
  const followUpStats: TermStatistics = {
    documents: 5000,
    documentFrequency: (t) =>
      ({ statin: 40, dog: 7, cardiovascular: 300, event: 500, olymp: 1, semaglutid: 2 })[t] ?? 200,
  }
  const onStatins = [
    passage('Statins reduced major cardiovascular events in older adults.'),
    passage('Statin therapy and cardiovascular events in dogs.'),
  ]

  it('names what the follow-up asks when no passage on its topic mentions it', async () => {
    const passages = [
      passage('Statins reduced major cardiovascular events in older adults.'),
      passage('Asthma in Olympic and olympics athletes.'),
    ]
    const query = 'What about the olympics? (about: statins reduce cardiovascular events)'
    const gap = await followUpGap(query, passages, followUpStats)
    expect(gap).toEqual({ kind: 'asked', word: 'olympics', onTopic: [0] })
    expect(coverageGapNote(gap as NonNullable<typeof gap>)).toBe(
      "None of the passages found on the earlier question's topic mentions “olympics”; the quotes below speak to that topic, not to what this question adds.",
    )
    expect(coverageGapNote(gap as NonNullable<typeof gap>, 'title')).toMatch(
      /; the titles below speak to that topic/,
    )
  })

  it('says nothing when a passage on the topic holds what the follow-up asks', async () => {
    const query = 'What about in dogs? (about: statins reduce cardiovascular events)'
    expect(await followUpGap(query, onStatins, followUpStats)).toBeNull()
    const cats = 'What about in cats? (about: statins reduce cardiovascular events)'
    expect(await followUpGap(cats, onStatins, followUpStats)).toEqual({
      kind: 'asked',
      word: 'cats',
      onTopic: [0, 1],
    })
  })

  it('names a phrase the follow-up adds, never its framing words', async () => {
    const cup = 'What about the world cup? (about: statins reduce cardiovascular events)'
    expect(await followUpGap(cup, onStatins, followUpStats)).toEqual({
      kind: 'asked',
      word: 'world cup',
      onTopic: [0, 1],
    })
    const measured = 'How was this measured? (about: statins reduce cardiovascular events)'
    expect(await followUpGap(measured, onStatins, followUpStats)).toBeNull()
    const hold = 'Does the same hold in mice? (about: statins reduce cardiovascular events)'
    expect(await followUpGap(hold, onStatins, followUpStats)).toMatchObject({ word: 'mice' })
  })

  it('tells a follow-up that turned to another subject from one that asks more of its topic', async () => {
    const passages = [
      passage('Statins reduced major cardiovascular events in older adults.'),
      passage('Oral semaglutide lowered HbA1c in type 2 diabetes.'),
    ]
    const turned = withCarried('And what about oral semaglutide?', 'statins cardiovascular events')
    expect(await subjectLeftTo(turned, passages, followUpStats)).toBe('semaglutide')
    // A common word may be what the topic's passages say in other words: the topic stays.
    const heart = withCarried('Does it protect the heart?', 'statins cardiovascular events')
    expect(await subjectLeftTo(heart, passages, followUpStats)).toBeNull()
    // Nothing carried, or what it adds is on the topic: no change of subject.
    expect(
      await subjectLeftTo('And what about oral semaglutide?', passages, followUpStats),
    ).toBeNull()
    const dogs = withCarried('What about in dogs?', 'statins cardiovascular events')
    expect(await subjectLeftTo(dogs, onStatins, followUpStats)).toBeNull()
  })

  it('reads a question carried only for naming no subject as leaving a topic that lacks its words', async () => {
    const passages = [passage('Statins reduced major cardiovascular events in older adults.')]
    // No pointer back, and nothing on the topic mentions it: a new question.
    const life = withCarried('What is the meaning of life?', 'statins cardiovascular events')
    expect(await subjectLeftTo(life, passages, followUpStats)).toBe('life')
    // The same words leaning on the topic keep it, with the gap note.
    const leaning = withCarried('What does that mean for life?', 'statins cardiovascular events')
    expect(await subjectLeftTo(leaning, passages, followUpStats)).toBeNull()
  })

  it('reads a question without a carried topic as a question of its own', async () => {
    const passages = [passage('Statins reduced major cardiovascular events in older adults.')]
    expect(await followUpGap('Can dogs take statins?', passages, followUpStats)).toEqual({
      kind: 'missing',
      word: 'dogs',
    })
  })
})

describe('coverageGap, words as the question writes them', () => {
  it('lowers a word that only opens the question, and skips the half of a contraction', () => {
    const stats5: TermStatistics = {
      documents: 5000,
      documentFrequency: (t) => (t === 'don' ? 1 : 300),
    }
    const passages = [passage('Bone marrow cells and macrophages.')]
    expect(coverageGap("Bone marrow cells don't seed macrophages.", passages, stats5)).toBeNull()
    const rare: TermStatistics = {
      documents: 5000,
      documentFrequency: (t) => (t === 'distant' ? 3 : 300),
    }
    expect(
      coverageGap(
        'Distant enhancers regulate genes.',
        [passage('Enhancers regulate genes.')],
        rare,
      ),
    ).toEqual({
      kind: 'missing',
      word: 'distant',
    })
  })
})

describe('coverageGap, misspelt subjects', () => {
  // A typo is a word the corpus never uses: it weighs the most of all.
  const typos: TermStatistics = {
    documents: 5000,
    documentFrequency: (t) => ({ statin: 40, reduc: 700, event: 500, blood: 400 })[t] ?? 0,
  }

  it('finds a subject the question misspells in the passages that spell it right', () => {
    const passages = [
      passage('Statins reduced major cardiovascular events in a primary prevention trial.'),
    ]
    expect(coverageGap('Do statins reduce cardiovasculer events?', passages, typos)).toBeNull()
    // Spelt right but apart, it is still named as apart.
    const apart = [passage('Statins and muscle pain.'), passage('Cardiovascular events in women.')]
    expect(coverageGap('Do statins reduce cardiovasculer events?', apart, typos)).toEqual({
      kind: 'apart',
      words: ['statins', 'cardiovasculer'],
      within: 'sentence',
      sharedPassage: false,
    })
  })

  it('reads a subject spelt the other way ("clomifene", "haemoglobin") as the same word', () => {
    const drugs: TermStatistics = {
      documents: 5000,
      documentFrequency: (t) => ({ risk: 900, clomiphen: 4, hypospadia: 6 })[t] ?? 0,
    }
    const passages = [
      passage('We studied the risk of hypospadias in boys born to women who used clomifene.'),
      passage('Clomiphene citrate induced ovulation in most women.'),
    ]
    expect(
      coverageGap('Does clomiphene raise the risk of hypospadias?', passages, drugs),
    ).toBeNull()
  })

  it('does not read a short word, a word two edits away or a number as a typo', () => {
    const passages = [passage('Blood glucose fell with treatment; the reaction was mild.')]
    expect(coverageGap('Does metformin lower blood glucose?', passages, typos)).toEqual({
      kind: 'missing',
      word: 'metformin',
    })
    expect(coverageGap('How is a reactor cooled?', passages, typos)).toEqual({
      kind: 'missing',
      word: 'reactor',
    })
    const dose = [passage('Statins at 20000 units a day.')]
    expect(coverageGap('Do statins at 200000 units reduce events?', dose, typos)).toMatchObject({
      kind: 'missing',
      word: '200000',
    })
  })
})
