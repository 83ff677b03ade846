import { describe, expect, it } from 'vitest'
import { isSmallTalk, smallTalkReply } from '../../workers/grounding'

describe('small talk', () => {
  it('recognises greetings, thanks and farewells however they are punctuated', () => {
    for (const text of [
      'hi',
      'Hello there!',
      'good morning',
      'Thanks a lot!',
      'bye',
      'how are you?',
    ])
      expect(isSmallTalk(text), text).toBe(true)
  })

  it('treats a greeting followed by a question as a question', () => {
    expect(isSmallTalk('hi, what causes scurvy?')).toBe(false)
    expect(isSmallTalk('Hi-C chromatin conformation capture')).toBe(false)
    expect(isSmallTalk('Does vitamin D reduce fractures?')).toBe(false)
  })

  it('replies briefly and in kind, with no citation', () => {
    expect(smallTalkReply('thanks!')).toMatch(/welcome/i)
    expect(smallTalkReply('hello')).toMatch(/^Hello/)
    expect(smallTalkReply('hi')).not.toMatch(/\[\d+\]/)
  })
})
