// What sets a finished answer apart, in words: a degraded answer gets a banner naming each
// fallback and why, an abstention says so, and "Answer ready." is kept for answers that really
// are normal. Pure (no DOM), so it is tested in test/web/.
import type { AnswerPayload } from './types'
// One table of stage words for every view and the server's status lines.
import { fallbackWords } from '../../workers/grounding/stage-words'

/** A banner above the answer: what makes this answer different from a normal one. */
export interface TurnNotice {
  kind: 'degraded' | 'abstained' | 'search-failed'
  title: string
  lines: string[]
}

/** What the stored conversation keeps of an answer (a reload shows the same banners). */
export type AnswerOutcome = Pick<AnswerPayload, 'mode' | 'fallbacks'> &
  Partial<Pick<AnswerPayload, 'abstained' | 'reason' | 'search_error' | 'cached'>>

/** The banners an answer needs, most important first: none for a normal answer. */
export function noticesFor(outcome: AnswerOutcome): TurnNotice[] {
  const notices: TurnNotice[] = []
  if (outcome.abstained) {
    const reason = outcome.reason?.trim() || 'The sources found do not cover this question.'
    // The reason says why (the sources miss the question, or there was nothing to search for).
    notices.push({ kind: 'abstained', title: 'Not answered', lines: [reason] })
  }
  if (outcome.search_error) {
    notices.push({ kind: 'search-failed', title: 'Search failed', lines: [outcome.search_error] })
  }
  if (outcome.mode === 'degraded') notices.push(degradedNotice(outcome.fallbacks))
  return notices
}

function degradedNotice(fallbacks: AnswerOutcome['fallbacks']): TurnNotice {
  const lines = fallbacks.map(fallbackWords)
  return {
    kind: 'degraded',
    title: "Degraded answer: these steps fell back to Quire's offline method",
    lines: lines.length ? lines : ['At least one step fell back (no details were kept).'],
  }
}

export function finalStatus(outcome: AnswerOutcome): string {
  const degraded = outcome.mode === 'degraded' ? ' (degraded: see the notice)' : ''
  if (outcome.abstained) {
    const why =
      outcome.reason?.trim().replace(/\.$/, '') || 'the sources do not cover this question'
    return `No answer${degraded}: ${why}.`
  }
  if (outcome.search_error)
    return `Search failed: this answer could not use any sources${degraded}.`
  if (degraded) return 'Answered in degraded mode: see the notice.'
  return outcome.cached ? 'Answer ready (from a recent identical question).' : 'Answer ready.'
}
