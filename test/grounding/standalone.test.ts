// Sentences fit to stand in another text: leaning sentences and label residue refused, first
// person and self-references attributed to the source.
import { describe, expect, it } from 'vitest'
import {
  attributeSentence,
  hasSourceResidue,
  leansOnContext,
  UNKNOWN_AUTHORS,
} from '../../workers/grounding'

const smith = { subject: 'Smith et al.', plural: true }

describe('standalone sentences', () => {
  it('finds sentences that lean on the one before', () => {
    expect(leansOnContext('However, statins lowered LDL cholesterol.')).toBe(true)
    expect(leansOnContext('These results suggest a causal role.')).toBe(true)
    expect(leansOnContext('In these patients, mortality fell.')).toBe(true)
    expect(leansOnContext('Secondly, long-term statin use might cause myopathy.')).toBe(true)
    expect(leansOnContext('Statins lowered LDL cholesterol by 30%.')).toBe(false)
    expect(leansOnContext('It is unclear whether statins prevent dementia.')).toBe(false)
    expect(leansOnContext('This study shows that statins lower LDL.')).toBe(false)
  })

  it('finds section labels glued to words or left as capitals, and emptied references', () => {
    expect(hasSourceResidue('BackgroundIndividuals with substance use disorders relapse.')).toBe(
      true,
    )
    expect(hasSourceResidue('Rates differed (22.3%).ConclusionIndividuals with SUD')).toBe(true)
    expect(hasSourceResidue('AND RELEVANCE In this genome-wide investigation, X.')).toBe(true)
    expect(hasSourceResidue('Senescence follows damage (for review see).')).toBe(true)
    expect(hasSourceResidue('HIV RNA levels fell in the treated group.')).toBe(false)
    expect(hasSourceResidue('Rates fell (see Table 2).')).toBe(false)
  })

  it('attributes first-person findings to the authors, with verb agreement for one study', () => {
    expect(attributeSentence('We found that statins lower LDL.', smith)).toBe(
      'Smith et al. found that statins lower LDL.',
    )
    expect(attributeSentence('Here we show that p53 induces apoptosis.', UNKNOWN_AUTHORS)).toBe(
      'One study shows that p53 induces apoptosis.',
    )
    expect(attributeSentence('We also identify a new pathway.', UNKNOWN_AUTHORS)).toBe(
      'One study also identifies a new pathway.',
    )
    expect(attributeSentence('Our results suggest a benefit.', UNKNOWN_AUTHORS)).toBe(
      'The results of one study suggest a benefit.',
    )
    expect(attributeSentence('This trial enrolled 400 adults.', smith)).toBe(
      'A trial by Smith et al. enrolled 400 adults.',
    )
  })

  it('leaves third-person sentences alone and refuses first person it cannot attribute', () => {
    expect(attributeSentence('Statins lowered LDL in US adults.', smith)).toBe(
      'Statins lowered LDL in US adults.',
    )
    expect(attributeSentence('Type I interferon rose.', smith)).toBe('Type I interferon rose.')
    expect(
      attributeSentence('The pattern of results led us to suggest a new model.', smith),
    ).toBeNull()
  })
})
