import { describe, expect, it } from 'vitest'
import { isFollowUp, startsNewSubject, withoutPreamble } from '../../workers/grounding'

describe('conversational openings', () => {
  it('drops openings that frame the question, one or several', () => {
    expect(withoutPreamble('By the way, does aspirin prevent colorectal cancer?')).toBe(
      'does aspirin prevent colorectal cancer?',
    )
    expect(withoutPreamble('Okay, one more question: is FOXP3 needed?')).toBe('is FOXP3 needed?')
    // Thanks or assent may end as a sentence of their own.
    expect(withoutPreamble('Thanks! Now tell me about IL-6.')).toBe('Now tell me about IL-6.')
    expect(withoutPreamble('Got it. What about in children?')).toBe('What about in children?')
    expect(withoutPreamble('Thank you so much, does aspirin help?')).toBe('does aspirin help?')
    expect(withoutPreamble('Switching topics: has anyone built a chikungunya vaccine?')).toBe(
      'has anyone built a chikungunya vaccine?',
    )
  })

  it('drops a frame asking whether a claim holds, and its "it" points back at nothing', () => {
    expect(withoutPreamble('Is it true that statins cause diabetes?')).toBe(
      'statins cause diabetes?',
    )
    expect(withoutPreamble('Is there any evidence that vitamin D prevents falls?')).toBe(
      'vitamin D prevents falls?',
    )
    expect(withoutPreamble('Do we know whether melatonin helps jet lag?')).toBe(
      'melatonin helps jet lag?',
    )
    expect(isFollowUp('Is it true that statins cause diabetes?')).toBe(false)
    // Openings that only frame may come first ("Okay, …"): the claim is still the question.
    expect(isFollowUp('Okay, is it true that vitamin D prevents fractures?')).toBe(false)
    expect(isFollowUp('By the way, is there evidence that statins cause diabetes?')).toBe(false)
    expect(isFollowUp('So, is it true that it works in children?')).toBe(true)
    // The frame alone, or a claim about what was said, still leans on the conversation.
    expect(withoutPreamble('Is it true?')).toBe('Is it true?')
    expect(isFollowUp('Is it true?')).toBe(true)
    expect(isFollowUp('Is it true that it works in children?')).toBe(true)
  })

  it('keeps words that belong to the question', () => {
    // Without punctuation "so" or "also" runs on into the question.
    for (const question of [
      'So what causes scurvy?',
      'Also known as NF-kB, what does p65 do?',
      'Addition of BMP4, activin A and CHIR99021 to fibroblasts',
      'Right ventricular failure after surgery',
      'A question of dose: how much vitamin D?',
      'Interesting findings on FOXP3 in mice',
      'Great tits and climate change',
    ])
      expect(withoutPreamble(question)).toBe(question)
    // An opening with nothing after it is the question itself.
    expect(withoutPreamble('By the way,')).toBe('By the way,')
  })

  it('tells an opening that announces a new subject from one that continues', () => {
    expect(startsNewSubject('Switching topics: does aspirin help?')).toBe(true)
    expect(startsNewSubject('On a different note, what causes gout?')).toBe(true)
    expect(startsNewSubject('Unrelated, but is coffee safe?')).toBe(true)
    expect(startsNewSubject('By the way, what about in men?')).toBe(false)
    expect(startsNewSubject('Also, what about in children?')).toBe(false)
    expect(startsNewSubject('Separation of sister chromatids needs separase')).toBe(false)
  })
})
