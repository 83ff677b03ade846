// The page's words for a finished answer (web/src/notices.ts): nothing degraded, abstained or
// failed may read like a normal answer.
import { describe, expect, it } from 'vitest'
import { finalStatus, noticesFor, type AnswerOutcome } from '../../web/src/notices'

const normal: AnswerOutcome = { mode: 'online', fallbacks: [] }
const degraded: AnswerOutcome = {
  mode: 'degraded',
  fallbacks: [
    { stage: 'synthesize', reason: 'model unreachable' },
    { stage: 'rerank_v2', reason: 'timeout' },
  ],
}

describe('answer notices', () => {
  it('shows nothing special for a normal answer', () => {
    expect(noticesFor(normal)).toEqual([])
    expect(finalStatus(normal)).toBe('Answer ready.')
    expect(finalStatus({ ...normal, mode: 'offline' })).toBe('Answer ready.')
  })

  it('lists every fallback stage in words with its reason on a degraded answer', () => {
    const [notice, ...rest] = noticesFor(degraded)
    expect(rest).toEqual([])
    expect(notice?.kind).toBe('degraded')
    expect(notice?.lines).toEqual(['Writing the answer: model unreachable', 'Rerank v2: timeout'])
    expect(finalStatus(degraded)).not.toMatch(/^Answer ready/)
  })

  it('still warns about a degraded answer whose fallbacks were not kept', () => {
    const [notice] = noticesFor({ mode: 'degraded', fallbacks: [] })
    expect(notice?.kind).toBe('degraded')
    expect(notice?.lines).toHaveLength(1)
  })

  it('says plainly that an abstained answer was not answered, with its reason', () => {
    const notices = noticesFor({ ...normal, abstained: true, reason: 'Nothing on football.' })
    expect(notices).toEqual([
      expect.objectContaining({ kind: 'abstained', lines: ['Nothing on football.'] }),
    ])
    expect(finalStatus({ ...normal, abstained: true })).toMatch(/^No answer/)
    // The status says why, not always "the sources do not cover it": nothing may have been searched.
    const reason =
      'the earlier question found nothing in the library, and this one names no subject'
    expect(finalStatus({ ...normal, abstained: true, reason })).toBe(`No answer: ${reason}.`)
  })

  it('shows both the abstention and the fallbacks when both happened', () => {
    const kinds = noticesFor({ ...degraded, abstained: true }).map((n) => n.kind)
    expect(kinds).toEqual(['abstained', 'degraded'])
    expect(finalStatus({ ...degraded, abstained: true })).toContain('degraded')
  })

  it('reports a failed search instead of a normal answer', () => {
    const outcome = { ...normal, search_error: 'The search provider timed out.' }
    expect(noticesFor(outcome).map((n) => n.kind)).toEqual(['search-failed'])
    expect(finalStatus(outcome)).toMatch(/^Search failed/)
  })

  it('marks a cached answer as such', () => {
    expect(finalStatus({ ...normal, cached: true })).toBe(
      'Answer ready (from a recent identical question).',
    )
  })
})
