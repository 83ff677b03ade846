import { describe, expect, it } from 'vitest'
import { checkCitations, createCitationMapper, tidyAnswer } from '../../workers/answer/citations'

describe('citation check', () => {
  it('removes citation numbers that name no provided source', () => {
    const { answer, cited } = checkCitations('Water boils at 100 C [1]. Ice is cold [7].', 3)
    expect(answer).toBe('Water boils at 100 C [1]. Ice is cold.')
    expect(cited).toEqual([1])
  })

  it('renumbers cited sources densely in order of first appearance', () => {
    const { answer, cited } = checkCitations('A [3]. B [5]. C [3][1].', 5)
    expect(answer).toBe('A [1]. B [2]. C [1][3].')
    expect(cited).toEqual([3, 5, 1])
  })

  it('splits comma lists into separate markers and drops repeats and unknowns', () => {
    const { answer, cited } = checkCitations('Claim [2, 9, 2, 4].', 4)
    expect(answer).toBe('Claim [1][2].')
    expect(cited).toEqual([2, 4])
  })

  it('treats zero as unknown', () => {
    expect(checkCitations('Nothing [0].', 2)).toEqual({ answer: 'Nothing.', cited: [] })
  })

  it('leaves brackets that are not citations alone', () => {
    const text = 'Use arr[i] and [see below] or [a, b].'
    expect(checkCitations(text, 3).answer).toBe(text)
  })

  it('gives the same result however the text is split into tokens', () => {
    const text = 'First [2]. Second [1, 3]. Third [12] end [2'
    const whole = checkCitations(text, 3)
    const mapper = createCitationMapper(3)
    let streamed = ''
    for (const ch of text) streamed += mapper.push(ch)
    streamed += mapper.flush()
    expect(tidyAnswer(streamed)).toBe(whole.answer)
    expect(whole.answer).toBe('First [1]. Second [2][3]. Third end [2')
    expect(mapper.cited()).toEqual(whole.cited)
  })

  it('holds back a marker that is still being written', () => {
    const mapper = createCitationMapper(2)
    expect(mapper.push('Fact [')).toBe('Fact ')
    expect(mapper.push('2')).toBe('')
    expect(mapper.push('] more')).toBe('[1] more')
  })

  it('releases a bracket that cannot become a marker', () => {
    const mapper = createCitationMapper(2)
    expect(mapper.push('[x')).toBe('[x')
    expect(mapper.flush()).toBe('')
  })
})
