// A composer's words on its own text (web/src/composer-words.ts): a full field or a cut paste
// is said with the counts, blank text of any kind is caught, and the Ask field's limit is the
// server's (a longer question would be refused, a shorter limit would cut a valid one).
import { describe, expect, it } from 'vitest'
import { QUERY_MAX_CHARS } from '../../workers/answer/schemas'
import { askTemplate } from '../../web/src/ask/ask-template'
import { isBlank, lengthNote, pasteOverflow } from '../../web/src/composer-words'

describe('pasteOverflow', () => {
  it.each([
    // length, max, selected, pasted -> characters left out
    [0, 4000, 0, 3999, 0],
    [0, 4000, 0, 4000, 0],
    [0, 4000, 0, 4001, 1],
    [0, 4000, 0, 6500, 2500],
    [3990, 4000, 0, 20, 10],
    [3990, 4000, 90, 20, 0],
    [4000, 4000, 0, 5, 5],
    [4000, 4000, 4000, 4500, 500],
    [10, -1, 0, 99_999, 0],
  ])(
    'field of %i/%i with %i selected, paste of %i: %i left out',
    (length, max, selected, pasted, cut) => {
      expect(pasteOverflow({ length, max, selected, pasted })).toBe(cut)
    },
  )
})

describe('lengthNote', () => {
  it('says nothing while there is room and nothing was cut', () => {
    expect(lengthNote({ length: 0, max: 4000, cut: 0 })).toBeNull()
    expect(lengthNote({ length: 3999, max: 4000, cut: 0 })).toBeNull()
    expect(lengthNote({ length: 12, max: -1, cut: 0 })).toBeNull()
  })

  it('says the field is full, with the counts, once it reaches the limit', () => {
    expect(lengthNote({ length: 4000, max: 4000, cut: 0 })).toBe(
      '4,000 of 4,000 characters: the most a question can hold. Anything more you type is not added.',
    )
  })

  it.each([
    [1, 'its last 1 character was left out'],
    [2500, 'its last 2,500 characters were left out'],
  ])('says how much of a paste was cut (%i)', (cut, words) => {
    const note = lengthNote({ length: 4000, max: 4000, cut }) ?? ''
    expect(note).toContain('4,000 of 4,000 characters')
    expect(note).toContain(`Your paste was cut: ${words}.`)
  })
})

describe('isBlank', () => {
  it.each(['', ' ', '   ', '\n', '\t\n  \r\n', '\u00a0', '\u2003\u3000', '\ufeff', '\u2028'])(
    'catches %j',
    (text) => expect(isBlank(text)).toBe(true),
  )
  it.each(['a', ' ?', '\n1\n', '\u00a0x'])('lets %j through', (text) =>
    expect(isBlank(text)).toBe(false),
  )
})

describe('the Ask composer', () => {
  it("takes exactly the server's longest question", () => {
    const max = Number(/id="question"[^>]*maxlength="(\d+)"/.exec(askTemplate)?.[1])
    expect(max).toBe(QUERY_MAX_CHARS)
  })
})
