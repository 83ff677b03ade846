// The Papers view's words for states: quota left, a paper's loading status, the answer's mode.
// Pure (no DOM), so test/web/ checks that nothing degraded or exhausted reads as normal.
import type {
  AnswerMode,
  ChatResult,
  PaperRow,
  QuotaCounter,
  QuotaView,
  SearchResult,
} from './types'
// The server's own table, so the page and the stream's status lines name stages alike.
import { fallbackWords } from '../../../workers/grounding/stage-words'

const minutesUntil = (until: number, now: number) => Math.max(1, Math.ceil((until - now) / 60_000))
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

function counterText(counter: QuotaCounter, what: string, now: number): string {
  if (counter.cooldown_until !== null && counter.cooldown_until > now) {
    return `${what}: none left, again in ${plural(minutesUntil(counter.cooldown_until, now), 'minute')}`
  }
  return `${what}: ${counter.left} of ${counter.limit} left`
}

/** One line per quota, the provider's cooldown first when it runs. */
export function quotaLines(quota: QuotaView, now: number): string[] {
  const lines = [
    counterText(quota.search, 'Searches', now),
    counterText(quota.chat, 'Chat messages', now),
    ...(quota.brain ? [counterText(quota.brain, 'Agent requests', now)] : []),
  ]
  if (quota.api_cooldown_until !== null && quota.api_cooldown_until > now) {
    const minutes = minutesUntil(quota.api_cooldown_until, now)
    lines.unshift(`Model provider out of quota: paused for ${plural(minutes, 'minute')}`)
  }
  return lines
}

export function paperStatusText(paper: PaperRow): string {
  switch (paper.status) {
    case 'queued':
      return 'Queued'
    case 'loading':
      // Between queue retries the reason for the wait is on the paper.
      return paper.error ? `Loading… (${paper.error})` : 'Loading…'
    case 'loaded':
      return `Loaded · ${plural(paper.pages, 'page')}`
    case 'failed':
      return `Failed: ${paper.error ?? 'no reason given'}`
  }
}

/** Loading progress over a batch: how many papers have reached an end state. */
export function loadProgress(papers: PaperRow[]): { done: number; total: number } {
  const done = papers.filter((p) => p.status === 'loaded' || p.status === 'failed').length
  return { done, total: papers.length }
}

export const MODE_LABELS: Record<AnswerMode, string> = {
  online: 'Online',
  offline: 'Offline',
  degraded: 'Degraded',
}

/** What the badge's tooltip and the answer's footnote say about how an answer was made. */
export function modeExplanation(mode: AnswerMode): string {
  switch (mode) {
    case 'online':
      return 'Answers are written by the language model from the loaded pages; citations are checked.'
    case 'offline':
      return 'No language model: answers are sentences quoted from the loaded pages, with their pages.'
    case 'degraded':
      return 'A step fell back to the offline method; the answer is quoted, not written.'
  }
}

/** The fallbacks of a result, whatever shape the server gave them in, as readable lines. */
export function fallbackLines(fallbacks: (string | { stage: string; reason: string })[]): string[] {
  return fallbacks.map((f) => (typeof f === 'string' ? f : fallbackWords(f)))
}

/** The status line under a finished answer: how it was made, and what it cites. */
export function answerStatus(result: ChatResult): string {
  if (result.abstained) return 'No answer: the loaded papers do not cover this question.'
  if (result.error) return 'The answer is incomplete: see the notice.'
  const pages = new Set(result.citations.map((c) => `${c.paper_id}#${c.page}`)).size
  const how =
    result.mode === 'offline'
      ? 'Offline answer (quoted, no model)'
      : result.mode === 'degraded'
        ? 'Degraded answer (see the notice)'
        : 'Answer ready'
  const cites = pages === 0 ? 'no page cited' : `${plural(pages, 'page')} cited, each checked`
  return `${how} · ${cites}.`
}

const QUERY_KINDS: Record<SearchResult['query_kind'], string> = {
  title: 'as a title, verbatim',
  semantic: 'as the model rewrote it',
  keywords: 'by its keywords',
}

/** What was searched, how, and whether the rewrite fell back (a degraded search says so). */
export function searchSummary(result: SearchResult): string {
  const head = `${plural(result.papers.length, 'paper')} for “${result.query}”, searched ${QUERY_KINDS[result.query_kind]}: ${result.arxiv_query}`
  const fallbacks = result.fallbacks ?? []
  if (result.mode !== 'degraded' || fallbacks.length === 0) return head
  return `${head} (degraded: ${fallbacks.map(fallbackWords).join('; ')})`
}
